import { DynamicModule, ForwardReference, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppConfig } from '@hcs/platform';
import { AuthModule } from '@hcs/auth';
import { TenancyModule } from '@hcs/domain';
import { ServiceCoreModule } from '@hcs/adapters';
import { AdminBookingAuthorizationsModule } from './admin-booking-authorizations/admin-booking-authorizations.module';
import { BookingsModule } from './bookings/bookings.module';
import { AdminCatalogModule } from './admin-catalog/admin-catalog.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { HealthModule } from './health/health.module';
import { HoldsModule } from './holds/holds.module';
import { AdminAgentsModule } from './admin-agents/admin-agents.module';
import { AdminChannelsModule } from './admin-channels/admin-channels.module';
import { OtaModule } from './ota/ota.module';
import { DelegationIssuersModule } from './delegation-issuers/delegation-issuers.module';
import { OAuthModule } from './oauth/oauth.module';
import { RouteFlagsModule } from './http/route-flags.guard';
import { ErrorEnvelopeFilter } from './http/error-envelope.filter';
import { RequestValidationPipe } from './http/request-validation.pipe';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { QuotesModule } from './quotes/quotes.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { PaymentsApiModule } from './payments/payments.module';
import { SandboxPaymentsModule } from './sandbox/sandbox-payments.module';
import { RefundsModule } from './refunds/refunds.module';
import { PropertiesModule } from './properties/properties.module';
import { SearchModule } from './search/search.module';
import { AdminBookingsModule } from './admin-bookings/admin-bookings.module';
import { FeedsApiModule } from './feeds/feeds.module';
import { McpModule } from './mcp/mcp.module';
import { AdvisorModule } from './advisor/advisor.module';
import { AdminWebhooksModule } from './admin-webhooks/admin-webhooks.module';
import { AdminRefundsModule } from './admin-refunds/admin-refunds.module';
import { AdminOversellModule } from './admin-oversell/admin-oversell.module';
import { AdminCredentialsModule } from './admin-credentials/admin-credentials.module';
import { FollowUpsModule } from './follow-ups/follow-ups.module';

/** The HTTP application: platform, persistence, the envelope pipeline and every capability module (the envelope itself is applied by EnvelopeInterceptor, registered at boot). */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, extra: Array<Type | DynamicModule | ForwardReference> = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ServiceCoreModule.forRoot(config, 'producer'),
        TenancyModule,
        AuthModule,
        // After AuthModule: its guard runs after authentication (route-flags.guard.ts).
        RouteFlagsModule,
        HealthModule,
        DiscoveryModule,
        IdempotencyModule,
        QuotesModule,
        HoldsModule,
        BookingsModule,
        RefundsModule,
        ReceiptsModule,
        AdminBookingAuthorizationsModule,
        AdminAgentsModule,
        AdminChannelsModule,
        OtaModule,
        OAuthModule,
        DelegationIssuersModule,
        PropertiesModule,
        SearchModule,
        AdminCatalogModule,
        AdminBookingsModule,
        FeedsApiModule,
        McpModule,
        AdvisorModule,
        AdminWebhooksModule,
        AdminRefundsModule,
        AdminOversellModule,
        AdminCredentialsModule,
        FollowUpsModule,
        PaymentsApiModule,
        SandboxPaymentsModule,
        ...extra,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
      ],
    };
  }
}
