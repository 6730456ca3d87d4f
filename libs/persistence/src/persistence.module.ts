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
import { SqlQuoteSourceReader } from './booking/quote-source.reader';
import { SqlAuditLog } from './booking/sql-audit.log';
import { SqlBookingAuthorizationRepository } from './booking/sql-booking-authorization.repository';
import { SqlBookingRepository } from './booking/sql-booking.repository';
import { SqlHoldRepository } from './booking/sql-hold.repository';
import { SqlRoomNightReservations } from './booking/sql-room-night-reservations';
import { SqlHoldReservation } from './booking/sql-hold-reservation';
import { SqlPropertyCatalogReader } from './catalog/sql-property-catalog.reader';
import { SqlBookingConversion } from './booking/sql-booking-conversion';
import { SqlOutboxWriter } from './booking/sql-outbox.writer';
import { SqlPaymentRepository } from './booking/sql-payment.repository';
import { SqlQuoteRepository } from './booking/sql-quote.repository';
import { SqlReceiptKeyRepository } from './booking/sql-receipt-key.repository';
import { SqlRefundRepository } from './booking/sql-refund.repository';
import { TypeOrmDailyRateRepository } from './catalog/typeorm-daily-rate.repository';
import { TypeOrmFxRateRepository } from './catalog/typeorm-fx-rate.repository';
import { TypeOrmInventoryRepository } from './catalog/typeorm-inventory.repository';
import { TypeOrmPolicyRepository } from './catalog/typeorm-policy.repository';
import { TypeOrmPropertyRepository } from './catalog/typeorm-property.repository';
import { TypeOrmRatePlanRepository } from './catalog/typeorm-rate-plan.repository';
import { TypeOrmRoomTypeRepository } from './catalog/typeorm-room-type.repository';
import { dataSourceOptions } from './data-source';
import { SqlIdempotencyRecordRepository } from './idempotency/sql-idempotency-record.repository';
import { TypeOrmAdvisorSessionRepository } from './advisor/typeorm-advisor-session.repository';
import { TypeOrmDelegationIssuerRepository } from './delegation/typeorm-delegation-issuer.repository';
import { TypeOrmCredentialRepository } from './identity/typeorm-credential.repository';
import { TypeOrmPrincipalRepository } from './identity/typeorm-principal.repository';
import { TypeOrmSigningKeyRepository } from './identity/typeorm-signing-key.repository';
import { TypeOrmSeedRepository } from './seed/typeorm-seed.repository';
import { TypeOrmAvailabilitySearchRepository } from './search/typeorm-availability-search.repository';
import { TypeOrmTenantRepository } from './tenancy/typeorm-tenant.repository';
import { SqlFeedReader } from './feeds/sql-feed.reader';
import { MasterKeyRotation } from './keys/master-key-rotation';
import { SqlFollowUpQuota, SqlFollowUpSettingsRepository } from './follow-up/sql-follow-up-settings.repository';
import { SqlOutboxRelayStore } from './webhooks/sql-outbox-relay.store';
import { SqlWebhookDeliveryRepository } from './webhooks/sql-webhook-delivery.repository';
import { TypeOrmWebhookEndpointRepository } from './webhooks/typeorm-webhook-endpoint.repository';
import { SqlOversellIncidentRepository } from './oversell/sql-oversell-incident.repository';
import { SqlFollowUpRepository } from './follow-up/sql-follow-up.repository';
import { SqlClientReferences } from './booking/sql-client-references';
import { SqlSandboxEffects } from './booking/sql-sandbox-effects';
import { TypeOrmAfterCommit } from './transactions/typeorm-after-commit';
import { ReadReplica } from './replica/read-replica';
import { SqlClient } from './sql/sql-client';
import { SandboxChargesAtBegin } from './sandbox/sandbox-charges-at-begin';

const repositories = [
  { provide: TenantRepository, useClass: TypeOrmTenantRepository },
  { provide: PrincipalRepository, useClass: TypeOrmPrincipalRepository },
  { provide: CredentialRepository, useClass: TypeOrmCredentialRepository },
  { provide: QuoteSourceReader, useClass: SqlQuoteSourceReader },
  { provide: QuoteRepository, useClass: SqlQuoteRepository },
  { provide: HoldRepository, useClass: SqlHoldRepository },
  { provide: ClientReferences, useClass: SqlClientReferences },
  { provide: SandboxEffects, useClass: SqlSandboxEffects },
  { provide: RoomNightReservations, useClass: SqlRoomNightReservations },
  { provide: HoldReservation, useClass: SqlHoldReservation },
  { provide: PropertyCatalogReader, useClass: SqlPropertyCatalogReader },
  { provide: BookingConversion, useClass: SqlBookingConversion },
  { provide: BookingRepository, useClass: SqlBookingRepository },
  { provide: PaymentRepository, useClass: SqlPaymentRepository },
  { provide: RefundRepository, useClass: SqlRefundRepository },
  { provide: BookingAuthorizationRepository, useClass: SqlBookingAuthorizationRepository },
  { provide: AuditLog, useClass: SqlAuditLog },
  { provide: OutboxWriter, useClass: SqlOutboxWriter },
  { provide: ReceiptKeyRepository, useClass: SqlReceiptKeyRepository },
  { provide: IdempotencyRecordRepository, useClass: SqlIdempotencyRecordRepository },
  { provide: SigningKeyRepository, useClass: TypeOrmSigningKeyRepository },
  { provide: DelegationIssuerRepository, useClass: TypeOrmDelegationIssuerRepository },
  { provide: PropertyRepository, useClass: TypeOrmPropertyRepository },
  { provide: RoomTypeRepository, useClass: TypeOrmRoomTypeRepository },
  { provide: RatePlanRepository, useClass: TypeOrmRatePlanRepository },
  { provide: PolicyRepository, useClass: TypeOrmPolicyRepository },
  { provide: InventoryRepository, useClass: TypeOrmInventoryRepository },
  { provide: DailyRateRepository, useClass: TypeOrmDailyRateRepository },
  { provide: FxRateRepository, useClass: TypeOrmFxRateRepository },
  { provide: AvailabilitySearchRepository, useClass: TypeOrmAvailabilitySearchRepository },
  { provide: SeedRepository, useClass: TypeOrmSeedRepository },
  { provide: FeedReader, useClass: SqlFeedReader },
  { provide: AdvisorSessionRepository, useClass: TypeOrmAdvisorSessionRepository },
  { provide: WebhookEndpointRepository, useClass: TypeOrmWebhookEndpointRepository },
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
  providers: [SqlClient, SandboxChargesAtBegin, ...repositories],
  exports: [SqlClient, SandboxChargesAtBegin, ...repositories.map((r) => r.provide)],
})
export class PersistenceModule {}
