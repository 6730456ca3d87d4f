import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateColumn } from './column-transformers';

/**
 * Per-night counters of a room type. `held + sold <= allotment` is a CHECK; the booking chain
 * changes held and sold with single conditional UPDATEs only.
 */
@Entity({ name: 'inventory_nights' })
export class InventoryNightOrmEntity {
  @PrimaryColumn({ name: 'room_type_id', type: 'uuid' })
  roomTypeId: string;

  @PrimaryColumn({ type: 'date', transformer: dateColumn })
  night: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ type: 'integer' })
  allotment: number;

  @Column({ name: 'allotment_overridden', type: 'boolean' })
  allotmentOverridden: boolean;

  @Column({ type: 'integer' })
  held: number;

  @Column({ type: 'integer' })
  sold: number;
}
