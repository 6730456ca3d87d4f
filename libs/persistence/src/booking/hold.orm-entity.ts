import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Reserved inventory with a TTL (`holds`). States: held, converting, converted, released, expired. */
@Entity({ name: 'holds' })
export class HoldOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId: string;
  @Column({ name: 'quote_id', type: 'uuid' }) quoteId: string;
  @Column({ name: 'room_type_id', type: 'uuid' }) roomTypeId: string;
  @Column({ name: 'check_in', type: 'date' }) checkIn: string;
  @Column({ name: 'check_out', type: 'date' }) checkOut: string;
  @Column({ type: 'text' }) state: string;
  @Column({ name: 'converting_key', type: 'text', nullable: true }) convertingKey: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}
