import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'principals' })
export class PrincipalOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Part of the primary key (tenant_id, id): docs/scaling.md "The path past one primary: Citus". */
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ type: 'text' })
  kind: 'admin' | 'agent';

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: 'active' })
  status: 'active' | 'disabled';

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  @Column({ name: 'booking_limit_amount', type: 'bigint', nullable: true, transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) } })
  bookingLimitAmount: number | null;

  @Column({ name: 'booking_limit_currency', type: 'char', length: 3, nullable: true })
  bookingLimitCurrency: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
