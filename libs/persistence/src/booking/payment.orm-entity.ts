import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One payment attempt per hold and Idempotency-Key (`payment_attempts`). */
@Entity({ name: 'payment_attempts' })
export class PaymentAttemptOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'hold_id', type: 'uuid' }) holdId: string;
  @Column({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ type: 'text' }) method: string;
  @Column({ name: 'provider_token', type: 'text', nullable: true }) providerToken: string | null;
  @Column({ name: 'provider_token_fingerprint', type: 'text' }) providerTokenFingerprint: string;
  @Column({ name: 'billing_country', type: 'char', length: 2 }) billingCountry: string;
  @Column({ type: 'text' }) state: string;
  @Column({ name: 'provider_reference', type: 'text', nullable: true }) providerReference: string | null;
  @Column({ name: 'provider_message', type: 'text', nullable: true }) providerMessage: string | null;
  @Column({ name: 'booking_request', type: 'jsonb', nullable: true }) bookingRequest: unknown;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
}

/** The booking's captured payment and what has been refunded of it (`payments`). */
@Entity({ name: 'payments' })
export class PaymentOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'booking_id', type: 'uuid' }) bookingId: string;
  @Column({ name: 'attempt_id', type: 'uuid' }) attemptId: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'refunded_amount', type: 'bigint' }) refundedAmount: string;
  @Column({ type: 'text' }) state: string;
  @Column({ name: 'provider_reference', type: 'text' }) providerReference: string;
  @Column({ name: 'captured_at', type: 'timestamptz' }) capturedAt: Date;
}

/** Money returned on a payment (`refunds`). */
@Entity({ name: 'refunds' })
export class RefundOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'booking_id', type: 'uuid' }) bookingId: string;
  @Column({ name: 'payment_id', type: 'uuid' }) paymentId: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ type: 'text' }) state: string;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'jsonb' }) receipt: unknown;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** The sandbox provider's own ledger, keyed by tenant + idempotency key (`sandbox_charges`). */
@Entity({ name: 'sandbox_charges' })
export class SandboxChargeOrmEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @PrimaryColumn({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ name: 'charge_id', type: 'text' }) chargeId: string;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'token_fingerprint', type: 'text' }) tokenFingerprint: string;
  @Column({ type: 'text' }) state: string;
  @Column({ name: 'decline_message', type: 'text', nullable: true }) declineMessage: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
}
