import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { CancellationKind } from '@hcs/domain';
import { numberColumn } from './column-transformers';

/** One immutable version of a property's cancellation policy. */
@Entity({ name: 'policies' })
export class PolicyOrmEntity {
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
  version: string;

  @Column({ name: 'cancellation_kind', type: 'text' })
  cancellationKind: CancellationKind;

  @Column({ name: 'free_cancellation_hours_before_checkin', type: 'integer' })
  freeCancellationHoursBeforeCheckin: number;

  @Column({ name: 'cancellation_fee_pct_after_cutoff', type: 'numeric', precision: 5, scale: 2, transformer: numberColumn })
  cancellationFeePctAfterCutoff: number;

  @Column({ name: 'child_policy_text', type: 'text', nullable: true })
  childPolicyText: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
