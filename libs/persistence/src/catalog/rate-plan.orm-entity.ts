import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { MealPlan } from '@hcs/domain';
import { numberColumn } from './column-transformers';

@Entity({ name: 'rate_plans' })
export class RatePlanOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Part of the primary key (tenant_id, id): docs/scaling.md "The path past one primary: Citus". */
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @Column({ name: 'room_type_id', type: 'uuid' })
  roomTypeId: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'char', length: 3 })
  currency: string;

  /** Minor units per night when no per-date rate is set. */
  @Column({ name: 'base_rate_amount', type: 'bigint', transformer: numberColumn })
  baseRateAmount: number;

  @Column({ name: 'meal_plan', type: 'text' })
  mealPlan: MealPlan;

  /** The current policy version; NULL means the plan cannot be quoted. */
  @Column({ name: 'policy_id', type: 'uuid', nullable: true })
  policyId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
