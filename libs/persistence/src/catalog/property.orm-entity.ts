import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { Fee, Tax } from '@hcs/domain';
import { numberColumn } from './column-transformers';

@Entity({ name: 'properties' })
export class PropertyOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Part of the primary key (tenant_id, id): docs/scaling.md "The path past one primary: Citus". */
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'star_rating', type: 'numeric', precision: 2, scale: 1, nullable: true, transformer: numberColumn })
  starRating: number | null;

  @Column({ name: 'address_line1', type: 'text', nullable: true })
  addressLine1: string | null;

  @Column({ name: 'address_line2', type: 'text', nullable: true })
  addressLine2: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  region: string | null;

  @Column({ type: 'char', length: 2, nullable: true })
  country: string | null;

  @Column({ name: 'postal_code', type: 'text', nullable: true })
  postalCode: string | null;

  @Column({ type: 'double precision', nullable: true })
  lat: number | null;

  @Column({ type: 'double precision', nullable: true })
  lng: number | null;

  @Column({ type: 'text' })
  timezone: string;

  @Column({ name: 'default_currency', type: 'char', length: 3 })
  defaultCurrency: string;

  @Column({ type: 'text', array: true })
  amenities: string[];

  @Column({ type: 'text', array: true })
  images: string[];

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'pets_allowed', type: 'boolean' })
  petsAllowed: boolean;

  @Column({ name: 'number_of_rooms', type: 'integer', nullable: true })
  numberOfRooms: number | null;

  @Column({ name: 'checkin_time', type: 'text', nullable: true })
  checkinTime: string | null;

  @Column({ name: 'checkout_time', type: 'text', nullable: true })
  checkoutTime: string | null;

  @Column({ type: 'jsonb' })
  taxes: Tax[];

  @Column({ type: 'jsonb' })
  fees: Fee[];

  @Column({ name: 'promoted_at', type: 'timestamptz', nullable: true })
  promotedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
