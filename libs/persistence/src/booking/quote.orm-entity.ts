import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A frozen price and policy for one room and stay (`quotes`). Written and read with SQL by the quote repository. */
@Entity({ name: 'quotes' })
export class QuoteOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId: string;
  @Column({ name: 'property_id', type: 'uuid' }) propertyId: string;
  @Column({ name: 'room_type_id', type: 'uuid' }) roomTypeId: string;
  @Column({ name: 'rate_plan_id', type: 'uuid' }) ratePlanId: string;
  @Column({ name: 'check_in', type: 'date' }) checkIn: string;
  @Column({ name: 'check_out', type: 'date' }) checkOut: string;
  @Column({ type: 'jsonb' }) guests: unknown;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'total_amount', type: 'bigint' }) totalAmount: string;
  @Column({ name: 'price_breakdown', type: 'jsonb' }) priceBreakdown: unknown;
  @Column({ name: 'policy_snapshot', type: 'jsonb' }) policySnapshot: unknown;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}
