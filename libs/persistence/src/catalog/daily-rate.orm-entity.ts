import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateColumn, numberColumn } from './column-transformers';

/** A per-date nightly rate of a rate plan (overrides its base rate for that night). */
@Entity({ name: 'daily_rates' })
export class DailyRateOrmEntity {
  @PrimaryColumn({ name: 'rate_plan_id', type: 'uuid' })
  ratePlanId: string;

  @PrimaryColumn({ type: 'date', transformer: dateColumn })
  night: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ type: 'bigint', transformer: numberColumn })
  amount: number;
}
