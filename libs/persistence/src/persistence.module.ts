import { Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import {
  AdvisorSessionRepository,
  AuditLog,
  AvailabilitySearchRepository,
  BookingAuthorizationRepository,
  BookingRepository,
  CredentialRepository,
  DailyRateRepository,
  DelegationIssuerRepository,
  FxRateRepository,
  HoldRepository,
  ClientReferences,
  SandboxEffects,
  IdempotencyRecordRepository,
  InventoryRepository,
  OutboxWriter,
  OversellIncidentRepository,
  PaymentRepository,
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
import { SqlQuoteRepository } from './booking/sql-quote.repository';
import { SqlReceiptKeyRepository } from './booking/sql-receipt-key.repository';
import { SqlRefundRepository } from './booking/sql-refund.repository';
import { SqlDailyRateRepository } from './catalog/sql-daily-rate.repository';
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
import { SqlOversellIncidentRepository } from './oversell/sql-oversell-incident.repository';
import { SqlFollowUpRepository } from './follow-up/sql-follow-up.repository';
import { SqlClientReferences } from './booking/sql-client-references';
import { SqlSandboxEffects } from './booking/sql-sandbox-effects';
import { TypeOrmAfterCommit } from './transactions/typeorm-after-commit';
import { ReadReplica } from './replica/read-replica';
import { SqlClient } from './sql/sql-client';
import { SandboxChargesAtBegin } from './sandbox/sandbox-charges-at-begin';

const repositories = [
  { provide: TenantRepository, useClass: SqlTenantRepository },
  { provide: PrincipalRepository, useClass: SqlPrincipalRepository },
  { provide: CredentialRepository, useClass: SqlCredentialRepository },
  { provide: QuoteSourceReader, useClass: CachedQuoteSourceReader },
  { provide: QuoteRepository, useClass: SqlQuoteRepository },
  { provide: HoldRepository, useClass: SqlHoldRepository },
  { provide: ClientReferences, useClass: SqlClientReferences },
  { provide: SandboxEffects, useClass: SqlSandboxEffects },
  { provide: RoomNightReservations, useClass: SqlRoomNightReservations },
  { provide: DueHoldExpiry, useClass: SqlDueHoldExpiry },
  { provide: HoldReservation, useClass: SqlHoldReservation },
  { provide: PropertyCatalogReader, useClass: CachedPropertyCatalogReader },
  { provide: BookingConversion, useClass: SqlBookingConversion },
  { provide: BookingRepository, useClass: SqlBookingRepository },
  { provide: PaymentRepository, useClass: SqlPaymentRepository },
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
  { provide: FxRateRepository, useClass: SqlFxRateRepository },
  { provide: AvailabilitySearchRepository, useClass: SqlAvailabilitySearchRepository },
  { provide: SeedRepository, useClass: SqlSeedRepository },
  { provide: FeedReader, useClass: SqlFeedReader },
  { provide: AdvisorSessionRepository, useClass: SqlAdvisorSessionRepository },
  { provide: WebhookEndpointRepository, useClass: SqlWebhookEndpointRepository },
  { provide: WebhookDeliveryRepository, useClass: SqlWebhookDeliveryRepository },
  { provide: OutboxRelayStore, useClass: SqlOutboxRelayStore },
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

/**
 * Postgres through TypeORM, transactions carried in the async context (`@Transactional()`), and
 * every repository port bound to its database implementation. Ports that talk to the outside world
 * (payments, mail, the LLM, webhooks, queues) are bound in `@hcs/adapters`.
 */
@Global()
@Module({
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
  providers: [SqlClient, SandboxChargesAtBegin, SqlPropertyCatalogReader, SqlQuoteSourceReader, CatalogChangeFeed, ...repositories],
  exports: [SqlClient, SandboxChargesAtBegin, ...repositories.map((r) => r.provide)],
})
export class PersistenceModule {}
