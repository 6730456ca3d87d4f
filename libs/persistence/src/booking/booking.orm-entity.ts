import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A confirmed (or cancelled) booking with its frozen price, policy and receipts (`bookings`). */
@Entity({ name: 'bookings' })
export class BookingOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId: string;
  @Column({ name: 'quote_id', type: 'uuid' }) quoteId: string;
  @Column({ name: 'hold_id', type: 'uuid' }) holdId: string;
  @Column({ name: 'property_id', type: 'uuid' }) propertyId: string;
  @Column({ name: 'room_type_id', type: 'uuid' }) roomTypeId: string;
  @Column({ name: 'rate_plan_id', type: 'uuid' }) ratePlanId: string;
  @Column({ name: 'check_in', type: 'date' }) checkIn: string;
  @Column({ name: 'check_out', type: 'date' }) checkOut: string;
  @Column({ type: 'jsonb' }) guests: unknown;
  @Column({ type: 'jsonb' }) guest: unknown;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'total_amount', type: 'bigint' }) totalAmount: string;
  @Column({ name: 'price_breakdown', type: 'jsonb' }) priceBreakdown: unknown;
  @Column({ name: 'policy_snapshot', type: 'jsonb' }) policySnapshot: unknown;
  @Column({ name: 'traveler_iss', type: 'text' }) travelerIss: string;
  @Column({ name: 'traveler_sub', type: 'text' }) travelerSub: string;
  @Column({ name: 'booking_authorization_id', type: 'uuid', nullable: true }) bookingAuthorizationId: string | null;
  @Column({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ type: 'text' }) state: string;
  @Column({ name: 'confirmation_receipt', type: 'jsonb' }) confirmationReceipt: unknown;
  @Column({ type: 'jsonb', nullable: true }) cancellation: unknown;
  @Column({ name: 'cancellation_receipt', type: 'jsonb', nullable: true }) cancellationReceipt: unknown;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
