import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One entry of a booking chain's append-only timeline (`audit_events`). */
@Entity({ name: 'audit_events' })
export class AuditEventOrmEntity {
  @PrimaryColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'quote_id', type: 'uuid' }) quoteId: string;
  @Column({ name: 'hold_id', type: 'uuid', nullable: true }) holdId: string | null;
  @Column({ name: 'booking_id', type: 'uuid', nullable: true }) bookingId: string | null;
  @Column({ type: 'text' }) type: string;
  @Column({ name: 'actor_kind', type: 'text' }) actorKind: string;
  @Column({ name: 'actor_id', type: 'text' }) actorId: string;
  @Column({ type: 'jsonb', nullable: true }) traveler: unknown;
  @Column({ name: 'trace_id', type: 'text' }) traceId: string;
  @Column({ type: 'jsonb' }) data: unknown;
  @Column({ type: 'timestamptz' }) at: Date;
}

/** A receipt signing key (`receipt_keys`). */
@Entity({ name: 'receipt_keys' })
export class ReceiptKeyOrmEntity {
  @PrimaryColumn({ type: 'text' }) kid: string;
  @Column({ type: 'text' }) secret: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true }) retiredAt: Date | null;
}
