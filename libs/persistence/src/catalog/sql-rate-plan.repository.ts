import { Injectable } from '@nestjs/common';
import { RatePlan, RatePlanFields, RatePlanRepository, RoomType } from '@hcs/domain';
import { insertRow, updateRow } from '../sql/column-values';
import { SqlClient } from '../sql/sql-client';
import { CatalogChangeFeed } from './catalog-change-feed';
import {
  RATE_PLAN_COLUMNS,
  ratePlanByCode,
  ratePlanById,
  ratePlanColumnValues,
  RatePlanRow,
  ratePlansOfProperties,
  repointRatePlans,
  toRatePlan,
} from './rate-plan-row';

@Injectable()
export class SqlRatePlanRepository extends RatePlanRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  async create(tenantId: string, roomType: RoomType, fields: RatePlanFields): Promise<RatePlan> {
    const insert = insertRow(
      'rate_plans',
      [['tenant_id', tenantId], ['property_id', roomType.propertyId], ['room_type_id', roomType.id], ...ratePlanColumnValues(fields)],
      RATE_PLAN_COLUMNS,
    );
    const [row] = await this.sql.rows<RatePlanRow>(insert.text, insert.values);
    this.changes.changedHere(tenantId);
    return toRatePlan(row);
  }

  async update(tenantId: string, id: string, patch: Partial<RatePlanFields>): Promise<RatePlan | null> {
    const update = updateRow(
      'rate_plans',
      ratePlanColumnValues(patch),
      [
        ['tenant_id', tenantId],
        ['id', id],
      ],
      RATE_PLAN_COLUMNS,
    );
    if (!update) return this.findById(tenantId, id);
    const [row] = await this.sql.rows<RatePlanRow>(update.text, update.values);
    this.changes.changedHere(tenantId);
    return row ? toRatePlan(row) : null;
  }

  async findById(tenantId: string, id: string): Promise<RatePlan | null> {
    const [row] = await this.sql.run(ratePlanById, [tenantId, id]);
    return row ? toRatePlan(row) : null;
  }

  async findByCode(tenantId: string, roomTypeId: string, code: string): Promise<RatePlan | null> {
    const [row] = await this.sql.run(ratePlanByCode, [tenantId, roomTypeId, code]);
    return row ? toRatePlan(row) : null;
  }

  async listByProperties(tenantId: string, propertyIds: string[]): Promise<RatePlan[]> {
    if (propertyIds.length === 0) return [];
    return (await this.sql.run(ratePlansOfProperties, [tenantId, propertyIds])).map(toRatePlan);
  }

  async repointPolicy(tenantId: string, propertyId: string, policyCode: string, policyId: string): Promise<number> {
    const repointed = (await this.sql.run(repointRatePlans, [tenantId, propertyId, policyCode, policyId])).length;
    this.changes.changedHere(tenantId);
    return repointed;
  }
}
