import { ClassProvider, DynamicModule, FactoryProvider, Global, InjectionToken, Module, Provider } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import {
  ChannelPropertyRepository,
  OtaAriWriter,
  OtaLedger,
  OtaMessageLog,
  AdvisorSessionRepository,
  AuditLog,
  ChannelConnectionRepository,
  ChannelDeliveryRepository,
  AvailabilitySearchRepository,
  BookingAuthorizationRepository,
  BookingRepository,
  CredentialRepository,
  DailyRateRepository,
  StayRestrictionRepository,
  DelegationIssuerRepository,
  FxRateRepository,
  HoldRepository,
  ClientReferences,
  IdempotencyRecordRepository,
  InventoryRepository,
  OutboxWriter,
  OversellIncidentRepository,
  PaymentRepository,
  PaymentProviderEventLog,
  PolicyRepository,
  PrincipalRepository,
  PropertyRepository,
  QuoteRepository,
  QuoteSourceReader,
  RatePlanRepository,
  ReceiptKeyRepository,
  RefundRepository,
  RoomNightReservations,
  DueHoldExpiry,
  HoldReservation,
  PropertyCatalogReader,
  BookingConversion,
  RoomTypeRepository,
  SeedRepository,
  SigningKeyRepository,
  TenantRepository,
  FeedReader,
  OutboxRelayStore,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  AfterCommit,
  FollowUpRepository,
  FollowUpQuota,
  FollowUpSettingsRepository,
  PaymentSchedule,
} from '@hcs/domain';
import { AppConfig, SecretBox } from '@hcs/platform';
import { SqlQuoteSourceReader } from './booking/sql-quote-source.reader';
import { CachedQuoteSourceReader } from './booking/cached-quote-source.reader';
import { SqlAuditLog } from './booking/sql-audit.log';
import { SqlBookingAuthorizationRepository } from './booking/sql-booking-authorization.repository';
import { SqlBookingRepository } from './booking/sql-booking.repository';
import { SqlHoldRepository } from './booking/sql-hold.repository';
import { SqlRoomNightReservations } from './booking/sql-room-night-reservations';
import { SqlDueHoldExpiry } from './booking/sql-due-hold-expiry';
import { SqlHoldReservation } from './booking/sql-hold-reservation';
import { SqlPropertyCatalogReader } from './catalog/sql-property-catalog.reader';
import { CachedPropertyCatalogReader } from './catalog/cached-property-catalog.reader';
import { CatalogChangeFeed } from './catalog/catalog-change-feed';
import { SqlBookingConversion } from './booking/sql-booking-conversion';
import { SqlOutboxWriter } from './booking/sql-outbox.writer';
import { SqlPaymentRepository } from './booking/sql-payment.repository';
import { SqlPaymentProviderEventLog } from './booking/sql-payment-provider-event-log';
import { SqlPaymentSchedule } from './booking/sql-payment-schedule';
import { SqlQuoteRepository } from './booking/sql-quote.repository';
import { SqlReceiptKeyRepository } from './booking/sql-receipt-key.repository';
import { SqlRefundRepository } from './booking/sql-refund.repository';
import { SqlDailyRateRepository } from './catalog/sql-daily-rate.repository';
import { SqlStayRestrictionRepository } from './catalog/sql-stay-restriction.repository';
import { SqlFxRateRepository } from './catalog/sql-fx-rate.repository';
import { SqlInventoryRepository } from './catalog/sql-inventory.repository';
import { SqlPolicyRepository } from './catalog/sql-policy.repository';
import { SqlPropertyRepository } from './catalog/sql-property.repository';
import { SqlRatePlanRepository } from './catalog/sql-rate-plan.repository';
import { SqlRoomTypeRepository } from './catalog/sql-room-type.repository';
import { dataSourceOptions } from './data-source';
import { SqlIdempotencyRecordRepository } from './idempotency/sql-idempotency-record.repository';
import { SqlAdvisorSessionRepository } from './advisor/sql-advisor-session.repository';
import { SqlDelegationIssuerRepository } from './delegation/sql-delegation-issuer.repository';
import { SqlCredentialRepository } from './identity/sql-credential.repository';
import { SqlPrincipalRepository } from './identity/sql-principal.repository';
import { SqlSigningKeyRepository } from './identity/sql-signing-key.repository';
import { SqlSeedRepository } from './seed/sql-seed.repository';
import { SqlAvailabilitySearchRepository } from './search/sql-availability-search.repository';
import { SqlTenantRepository } from './tenancy/sql-tenant.repository';
import { SqlFeedReader } from './feeds/sql-feed.reader';
import { MasterKeyRotation } from './keys/master-key-rotation';
import { SqlFollowUpQuota, SqlFollowUpSettingsRepository } from './follow-up/sql-follow-up-settings.repository';
import { SqlOutboxRelayStore } from './webhooks/sql-outbox-relay.store';
import { SqlWebhookDeliveryRepository } from './webhooks/sql-webhook-delivery.repository';
import { SqlWebhookEndpointRepository } from './webhooks/sql-webhook-endpoint.repository';
import { SqlChannelConnectionRepository } from './channels/sql-channel-connection.repository';
import { SqlChannelDeliveryRepository } from './channels/sql-channel-delivery.repository';
import { SqlOversellIncidentRepository } from './oversell/sql-oversell-incident.repository';
import { SqlFollowUpRepository } from './follow-up/sql-follow-up.repository';
import { SqlClientReferences } from './booking/sql-client-references';
import { TypeOrmAfterCommit } from './transactions/typeorm-after-commit';
import { ReadReplica } from './replica/read-replica';
import { SqlClient } from './sql/sql-client';
import { SqlChannelPropertyRepository } from './channels/sql-channel-property.repository';
import { SqlOtaLedger } from './channels/sql-ota-ledger';
import { SqlOtaMessageLog } from './channels/sql-ota-message-log';
import { SqlOtaAriWriter } from './channels/sql-ota-ari-writer';

const repositories: ClassProvider[] = [
  { provide: TenantRepository, useClass: SqlTenantRepository },
  { provide: PrincipalRepository, useClass: SqlPrincipalRepository },
  { provide: CredentialRepository, useClass: SqlCredentialRepository },
  { provide: ChannelPropertyRepository, useClass: SqlChannelPropertyRepository },
  { provide: OtaLedger, useClass: SqlOtaLedger },
  { provide: OtaMessageLog, useClass: SqlOtaMessageLog },
  { provide: OtaAriWriter, useClass: SqlOtaAriWriter },
  { provide: QuoteSourceReader, useClass: CachedQuoteSourceReader },
  { provide: QuoteRepository, useClass: SqlQuoteRepository },
  { provide: HoldRepository, useClass: SqlHoldRepository },
  { provide: ClientReferences, useClass: SqlClientReferences },
  { provide: RoomNightReservations, useClass: SqlRoomNightReservations },
  { provide: DueHoldExpiry, useClass: SqlDueHoldExpiry },
  { provide: HoldReservation, useClass: SqlHoldReservation },
  { provide: PropertyCatalogReader, useClass: CachedPropertyCatalogReader },
  { provide: BookingConversion, useClass: SqlBookingConversion },
  { provide: BookingRepository, useClass: SqlBookingRepository },
  { provide: PaymentRepository, useClass: SqlPaymentRepository },
  { provide: PaymentProviderEventLog, useClass: SqlPaymentProviderEventLog },
  { provide: PaymentSchedule, useClass: SqlPaymentSchedule },
  { provide: RefundRepository, useClass: SqlRefundRepository },
  { provide: BookingAuthorizationRepository, useClass: SqlBookingAuthorizationRepository },
  { provide: AuditLog, useClass: SqlAuditLog },
  { provide: OutboxWriter, useClass: SqlOutboxWriter },
  { provide: ReceiptKeyRepository, useClass: SqlReceiptKeyRepository },
  { provide: IdempotencyRecordRepository, useClass: SqlIdempotencyRecordRepository },
  { provide: SigningKeyRepository, useClass: SqlSigningKeyRepository },
  { provide: DelegationIssuerRepository, useClass: SqlDelegationIssuerRepository },
  { provide: PropertyRepository, useClass: SqlPropertyRepository },
  { provide: RoomTypeRepository, useClass: SqlRoomTypeRepository },
  { provide: RatePlanRepository, useClass: SqlRatePlanRepository },
  { provide: PolicyRepository, useClass: SqlPolicyRepository },
  { provide: InventoryRepository, useClass: SqlInventoryRepository },
  { provide: DailyRateRepository, useClass: SqlDailyRateRepository },
  { provide: StayRestrictionRepository, useClass: SqlStayRestrictionRepository },
  { provide: FxRateRepository, useClass: SqlFxRateRepository },
  { provide: AvailabilitySearchRepository, useClass: SqlAvailabilitySearchRepository },
  { provide: SeedRepository, useClass: SqlSeedRepository },
  { provide: FeedReader, useClass: SqlFeedReader },
  { provide: AdvisorSessionRepository, useClass: SqlAdvisorSessionRepository },
  { provide: WebhookEndpointRepository, useClass: SqlWebhookEndpointRepository },
  { provide: WebhookDeliveryRepository, useClass: SqlWebhookDeliveryRepository },
  { provide: OutboxRelayStore, useClass: SqlOutboxRelayStore },
  { provide: ChannelConnectionRepository, useClass: SqlChannelConnectionRepository },
  { provide: ChannelDeliveryRepository, useClass: SqlChannelDeliveryRepository },
  { provide: OversellIncidentRepository, useClass: SqlOversellIncidentRepository },
  { provide: FollowUpRepository, useClass: SqlFollowUpRepository },
  { provide: FollowUpSettingsRepository, useClass: SqlFollowUpSettingsRepository },
  { provide: FollowUpQuota, useClass: SqlFollowUpQuota },
  { provide: AfterCommit, useClass: TypeOrmAfterCommit },
  // Secrets at rest and the master-key rotation (docs/security.md "Keys at rest").
  { provide: SecretBox, useClass: SecretBox },
  { provide: MasterKeyRotation, useClass: MasterKeyRotation },
  // The optional streaming replica of DATABASE_READ_URL (docs/scaling.md).
  { provide: ReadReplica, useClass: ReadReplica },
];

/** A port a repository implements, as its DI token (an abstract class of the domain). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PortToken<T> = abstract new (...args: any[]) => T;

/**
 * A wrapper the composition root puts around one port's binding: every user of the port gets
 * `wrap(bound, ...deps)` instead of the database implementation `bound`. Wrappers of one port
 * apply in the order given, the first innermost.
 */
export interface PortDecoration<T = unknown> {
  port: PortToken<T>;
  inject?: InjectionToken[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  wrap: (bound: T, ...deps: any[]) => T;
}

/** Declares a `PortDecoration` with the port's type checked against the wrapper's. */
export function decoratePort<T>(port: PortToken<T>, wrap: PortDecoration<T>['wrap'], inject: InjectionToken[] = []): PortDecoration {
  return { port, wrap, inject } as PortDecoration;
}

export interface PersistenceOptions {
  /** Wrappers of port bindings (e.g. a test environment's), bound here so that no second binding of the port competes with this one. */
  decorate?: PortDecoration[];
}

/** The binding of `binding.provide`, wrapped by its decorations: the implementation under its own class token, the port as a factory over it. */
function bound(binding: ClassProvider, decorations: PortDecoration[]): Provider[] {
  const own = decorations.filter((d) => d.port === binding.provide);
  if (own.length === 0) return [binding];
  const inject = own.flatMap((d) => d.inject ?? []);
  const port: FactoryProvider = {
    provide: binding.provide,
    inject: [binding.useClass, ...inject],
    useFactory: (implementation: unknown, ...deps: unknown[]) => {
      let offset = 0;
      return own.reduce((inner, d) => {
        const mine = deps.slice(offset, (offset += d.inject?.length ?? 0));
        return d.wrap(inner, ...mine);
      }, implementation);
    },
  };
  return [binding.useClass, port];
}

/**
 * Postgres through TypeORM, transactions carried in the async context (`@Transactional()`), and
 * every repository port bound to its database implementation. Ports that talk to the outside world
 * (payments, mail, the LLM, webhooks, queues) are bound in `@hcs/adapters`. The composition root
 * may wrap a port's binding (`forRoot({ decorate })`).
 */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceOptions = {}): DynamicModule {
    const decorations = options.decorate ?? [];
    const unknown = decorations.filter((d) => !repositories.some((r) => r.provide === d.port));
    if (unknown.length > 0) throw new Error(`PersistenceModule binds no port ${unknown.map((d) => d.port.name).join(', ')}`);
    return {
      module: PersistenceModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => dataSourceOptions(config) }),
        ClsModule.registerPlugins([
          new ClsPluginTransactional({
            imports: [TypeOrmModule],
            adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
          }),
        ]),
      ],
      // The catalog read from memory: the property read's and the quote's sources, and the change feed that says when a copy is stale (docs/catalog.md).
      providers: [SqlClient, SqlPropertyCatalogReader, SqlQuoteSourceReader, CatalogChangeFeed, ...repositories.flatMap((r) => bound(r, decorations))],
      exports: [SqlClient, ...repositories.map((r) => r.provide)],
    };
  }
}
