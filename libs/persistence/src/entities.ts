import { AuditEventOrmEntity, ReceiptKeyOrmEntity } from './booking/audit-event.orm-entity';
import { BookingAuthorizationOrmEntity } from './booking/booking-authorization.orm-entity';
import { BookingOrmEntity } from './booking/booking.orm-entity';
import { HoldOrmEntity } from './booking/hold.orm-entity';
import { PaymentAttemptOrmEntity, PaymentOrmEntity, RefundOrmEntity, SandboxChargeOrmEntity } from './booking/payment.orm-entity';
import { QuoteOrmEntity } from './booking/quote.orm-entity';
import { DelegationIssuerOrmEntity } from './delegation/delegation-issuer.orm-entity';
import { CredentialOrmEntity } from './identity/credential.orm-entity';
import { PrincipalOrmEntity } from './identity/principal.orm-entity';
import { SigningKeyOrmEntity } from './identity/signing-key.orm-entity';
import { IdempotencyRecordOrmEntity } from './idempotency/idempotency-record.orm-entity';
import { OutboxEventOrmEntity } from './outbox/outbox-event.orm-entity';
import { TenantOrmEntity } from './tenancy/tenant.orm-entity';

/** Every TypeORM entity. A new entity file is added here too. */
export const ENTITIES = [
  TenantOrmEntity,
  PrincipalOrmEntity,
  CredentialOrmEntity,
  IdempotencyRecordOrmEntity,
  OutboxEventOrmEntity,
  QuoteOrmEntity,
  HoldOrmEntity,
  BookingOrmEntity,
  PaymentAttemptOrmEntity,
  PaymentOrmEntity,
  RefundOrmEntity,
  SandboxChargeOrmEntity,
  BookingAuthorizationOrmEntity,
  AuditEventOrmEntity,
  ReceiptKeyOrmEntity,
  SigningKeyOrmEntity,
  DelegationIssuerOrmEntity,
];
