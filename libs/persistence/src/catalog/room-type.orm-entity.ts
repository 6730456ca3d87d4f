import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numberColumn } from './column-transformers';

@Entity({ name: 'room_types' })
export class RoomTypeOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Part of the primary key (tenant_id, id): docs/scaling.md "The path past one primary: Citus". */
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'max_occupancy', type: 'integer' })
  maxOccupancy: number;

  @Column({ name: 'bed_type', type: 'text', nullable: true })
  bedType: string | null;

  @Column({ name: 'floor_size_sqm', type: 'numeric', precision: 7, scale: 2, nullable: true, transformer: numberColumn })
  floorSizeSqm: number | null;

  @Column({ type: 'text', array: true })
  amenities: string[];

  @Column({ type: 'text', array: true })
  images: string[];

  @Column({ name: 'smoking_allowed', type: 'boolean' })
  smokingAllowed: boolean;

  @Column({ name: 'default_inventory', type: 'integer' })
  defaultInventory: number;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
