import { AuditEventOrmEntity, ReceiptKeyOrmEntity } from './booking/audit-event.orm-entity';
import { BookingAuthorizationOrmEntity } from './booking/booking-authorization.orm-entity';
import { BookingOrmEntity } from './booking/booking.orm-entity';
import { HoldOrmEntity } from './booking/hold.orm-entity';
import { PaymentAttemptOrmEntity, PaymentOrmEntity, RefundOrmEntity, SandboxChargeOrmEntity } from './booking/payment.orm-entity';
import { QuoteOrmEntity } from './booking/quote.orm-entity';
import { DelegationIssuerOrmEntity } from './delegation/delegation-issuer.orm-entity';
import { IdempotencyRecordOrmEntity } from './idempotency/idempotency-record.orm-entity';
import { OutboxEventOrmEntity } from './outbox/outbox-event.orm-entity';

/** Every TypeORM entity. A new entity file is added here too. */
export const ENTITIES = [
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
  DelegationIssuerOrmEntity,
];
