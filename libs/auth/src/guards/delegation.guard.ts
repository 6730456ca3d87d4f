import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@hcs/domain';
import { DelegationOptions } from '../decorators/auth.decorators';
import { DelegationVerifier } from '../delegation/delegation-verifier';
import { GuardedRequest, header } from './http-request';
import { routeAuth } from './route-auth';

/**
 * Last guard of the chain: a `@RequiresDelegation()` route needs a verified traveler delegation
 * in X-Delegated-User, checked against the tenant of the already authenticated actor.
 */
@Injectable()
export class DelegationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: DelegationVerifier,
  ) {}

  /** Synchronous for routes without a delegation: Nest awaits only what is a promise (docs/performance.md). */
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const options = routeAuth(this.reflector, ctx).delegation;
    if (!options) return true;
    return this.verify(ctx.switchToHttp().getRequest<GuardedRequest>(), options);
  }

  private async verify(req: GuardedRequest, options: DelegationOptions): Promise<boolean> {
    if (!req.actor) throw new DomainError('unauthenticated', { message: 'Acting for a traveler needs an authenticated agent first.' });
    const raw = header(req, 'x-delegated-user')
      ?.trim()
      .replace(/^Bearer\s+/i, '');
    if (!raw) {
      if (options.requiredFor && !options.requiredFor.includes(req.actor.kind)) return true;
      throw new DomainError('delegation_required', { message: 'Send the traveler delegation JWT in X-Delegated-User.' });
    }
    const verified = await this.verifier.verifyDelegation(req.actor.tenantId, raw);
    req.traveler = verified.traveler;
    req.delegation = { jti: verified.jti, expiresAt: verified.expiresAt };
    return true;
  }
}
