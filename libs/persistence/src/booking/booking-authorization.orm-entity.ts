import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An admin's single-use permission for one agent to book above its limit (`booking_authorizations`). */
@Entity({ name: 'booking_authorizations' })
export class BookingAuthorizationOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId: string;
  @Column({ name: 'max_amount', type: 'bigint' }) maxAmount: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'traveler_sub', type: 'text', nullable: true }) travelerSub: string | null;
  @Column({ name: 'traveler_iss', type: 'text', nullable: true }) travelerIss: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'created_by', type: 'uuid' }) createdBy: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'claimed_by_hold_id', type: 'uuid', nullable: true }) claimedByHoldId: string | null;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'booking_id', type: 'uuid', nullable: true }) bookingId: string | null;
}
