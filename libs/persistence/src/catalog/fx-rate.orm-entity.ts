import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numberColumn } from './column-transformers';

/** A display FX rate: platform-wide (`tenantId` null) or a tenant's own, which wins. */
@Entity({ name: 'fx_rates' })
export class FxRateOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId: string | null;

  @Column({ type: 'char', length: 3 })
  base: string;

  @Column({ type: 'char', length: 3 })
  quote: string;

  @Column({ type: 'numeric', precision: 18, scale: 8, transformer: numberColumn })
  rate: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
