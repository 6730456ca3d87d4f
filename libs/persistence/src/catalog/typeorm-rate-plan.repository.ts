import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { RatePlan, RatePlanFields, RatePlanRepository, RoomType } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { toRatePlan } from './catalog.mapper';
import { RatePlanOrmEntity } from './rate-plan.orm-entity';

function columns(fields: Partial<RatePlanFields>): Partial<RatePlanOrmEntity> {
  const out: Partial<RatePlanOrmEntity> = {};
  if (fields.code !== undefined) out.code = fields.code;
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.baseRate !== undefined) {
    out.baseRateAmount = fields.baseRate.amount;
    out.currency = fields.baseRate.currency;
  }
  if (fields.mealPlan !== undefined) out.mealPlan = fields.mealPlan;
  if (fields.policyId !== undefined) out.policyId = fields.policyId;
  return out;
}

@Injectable()
export class TypeOrmRatePlanRepository extends RatePlanRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(RatePlanOrmEntity);
  }

  async create(tenantId: string, roomType: RoomType, fields: RatePlanFields): Promise<RatePlan> {
    const result = await this.repo.insert({ ...columns(fields), tenantId, propertyId: roomType.propertyId, roomTypeId: roomType.id });
    const id = (result.identifiers[0] as { id: string }).id;
    return toRatePlan(await this.repo.findOneByOrFail({ id, tenantId }));
  }

  async update(tenantId: string, id: string, patch: Partial<RatePlanFields>): Promise<RatePlan | null> {
    const values = columns(patch);
    if (Object.keys(values).length > 0) await this.repo.update({ id, tenantId }, values);
    return this.findById(tenantId, id);
  }

  async findById(tenantId: string, id: string): Promise<RatePlan | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toRatePlan(row) : null;
  }

  async findByCode(tenantId: string, roomTypeId: string, code: string): Promise<RatePlan | null> {
    const row = await this.repo.findOneBy({ tenantId, roomTypeId, code });
    return row ? toRatePlan(row) : null;
  }

  async listByProperties(tenantId: string, propertyIds: string[]): Promise<RatePlan[]> {
    if (propertyIds.length === 0) return [];
    const rows = await this.repo.find({ where: { tenantId, propertyId: In(propertyIds) }, order: { createdAt: 'ASC', code: 'ASC' } });
    return rows.map(toRatePlan);
  }

  async repointPolicy(tenantId: string, propertyId: string, policyCode: string, policyId: string): Promise<number> {
    const rows: unknown = await this.repo.query(
      `UPDATE rate_plans rp SET policy_id = $4
         FROM policies pol
        WHERE rp.tenant_id = $1 AND rp.property_id = $2 AND rp.policy_id = pol.id
          AND pol.tenant_id = $1 AND pol.property_id = $2 AND pol.code = $3 AND rp.policy_id <> $4
        RETURNING rp.id`,
      [tenantId, propertyId, policyCode, policyId],
    );
    // node-pg returns [rows, count] for UPDATE ... RETURNING through TypeORM.
    const list = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as unknown[]) : (rows as unknown[]);
    return list.length;
  }
}
