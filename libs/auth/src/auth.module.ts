import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CredentialChangeNotifier, IssuerChangeNotifier } from '@hcs/domain';
import { AuthCoreModule } from './auth-core.module';
import { CredentialChangeBroadcaster } from './credentials/credential-change-broadcaster';
import { BearerAuthGuard } from './guards/bearer-auth.guard';
import { DelegationGuard } from './guards/delegation.guard';
import { RateLimitGuard } from './guards/rate-limit.guard';
import { RateLimits } from './rate-limit/rate-limits.service';
import { AuthFailureThrottle } from './rate-limit/auth-failure-throttle';

/**
 * Authentication for the api. The global guards run in this order: bearer authentication
 * (opt out with `@Public()`), rate limiting, delegation (`@RequiresDelegation()`).
 */
@Global()
@Module({
  imports: [AuthCoreModule],
  providers: [
    RateLimits,
    AuthFailureThrottle,
    CredentialChangeBroadcaster,
    { provide: CredentialChangeNotifier, useExisting: CredentialChangeBroadcaster },
    { provide: IssuerChangeNotifier, useExisting: CredentialChangeBroadcaster },
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: DelegationGuard },
  ],
  exports: [AuthCoreModule, RateLimits, AuthFailureThrottle, CredentialChangeNotifier, IssuerChangeNotifier],
})
export class AuthModule {}
