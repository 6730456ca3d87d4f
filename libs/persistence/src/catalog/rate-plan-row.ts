import { type MealPlan, type OccupancyPricingInput, type PaymentTerms, type RatePlan, type RatePlanFields, paymentTermsFields } from '@hcs/domain';
import type { ColumnValue } from '../sql/column-values';
import { jsonDate, type JsonRow } from '../sql/json-row';
import { statement } from '../sql/statement';

/**
 * The columns, row type, statements and mappers of `rate_plans`. `base_rate_amount` (bigint,
 * minor units) is read as float8 so the plain row and the jsonb row both carry a number.
 */
export const RATE_PLAN_COLUMNS = `id, tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount::float8 AS base_rate_amount, meal_plan, policy_id, occupancy_pricing, payment_terms, created_at`;

export interface RatePlanRow {
  id: string;
  tenant_id: string;
  property_id: string;
  room_type_id: string;
  code: string;
  name: string;
  currency: string;
  base_rate_amount: number;
  meal_plan: MealPlan;
  policy_id: string | null;
  occupancy_pricing: OccupancyPricingInput | null;
  payment_terms: PaymentTerms | null;
  created_at: Date;
}

export const ratePlanById = statement<[tenantId: string, id: string], RatePlanRow>(
  `SELECT ${RATE_PLAN_COLUMNS} FROM rate_plans WHERE tenant_id = $1 AND id = $2`,
);

export const ratePlanByCode = statement<[tenantId: string, roomTypeId: string, code: string], RatePlanRow>(
  `SELECT ${RATE_PLAN_COLUMNS} FROM rate_plans WHERE tenant_id = $1 AND room_type_id = $2 AND code = $3`,
);

export const ratePlansOfProperties = statement<[tenantId: string, propertyIds: string[]], RatePlanRow>(
  `SELECT ${RATE_PLAN_COLUMNS} FROM rate_plans WHERE tenant_id = $1 AND property_id = ANY($2::uuid[]) ORDER BY created_at, code`,
);

/** Moves every rate plan on a version of the policy `code` to its version `policyId`; one row per plan moved. */
export const repointRatePlans = statement<[tenantId: string, propertyId: string, policyCode: string, policyId: string], { id: string }>(
  `UPDATE rate_plans rp SET policy_id = $4
     FROM policies pol
    WHERE rp.tenant_id = $1 AND rp.property_id = $2 AND rp.policy_id = pol.id
      AND pol.tenant_id = $1 AND pol.property_id = $2 AND pol.code = $3 AND rp.policy_id <> $4
    RETURNING rp.id`,
);

/** Rate plan fields as column values; only the keys present in `fields` are set. */
export function ratePlanColumnValues(fields: Partial<RatePlanFields>): ColumnValue[] {
  const out: ColumnValue[] = [];
  if (fields.code !== undefined) out.push(['code', fields.code]);
  if (fields.name !== undefined) out.push(['name', fields.name]);
  if (fields.baseRate !== undefined) {
    out.push(['base_rate_amount', fields.baseRate.amount]);
    out.push(['currency', fields.baseRate.currency]);
  }
  if (fields.mealPlan !== undefined) out.push(['meal_plan', fields.mealPlan]);
  if (fields.policyId !== undefined) out.push(['policy_id', fields.policyId]);
  if (fields.occupancyPricing !== undefined) {
    out.push(['occupancy_pricing', fields.occupancyPricing === null ? null : JSON.stringify(fields.occupancyPricing), 'jsonb']);
  }
  if (fields.paymentTerms !== undefined) {
    out.push(['payment_terms', fields.paymentTerms === null ? null : JSON.stringify(fields.paymentTerms), 'jsonb']);
  }
  return out;
}

export function toRatePlan(row: RatePlanRow): RatePlan {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    propertyId: row.property_id,
    roomTypeId: row.room_type_id,
    code: row.code,
    name: row.name,
    baseRate: { amount: row.base_rate_amount, currency: row.currency },
    mealPlan: row.meal_plan,
    policyId: row.policy_id,
    occupancyPricing: row.occupancy_pricing ?? null,
    paymentTerms: paymentTermsFields(row.payment_terms),
    createdAt: row.created_at,
  };
}

/** A rate plan read as jsonb (`to_jsonb(rp)`). */
export const ratePlanFromJson = (r: JsonRow<RatePlanRow>): RatePlan => toRatePlan({ ...r, created_at: jsonDate(r.created_at) });
