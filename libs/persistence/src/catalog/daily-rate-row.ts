import { statement } from '../sql/statement';

/** The statements of `daily_rates` (per-date nightly rates of a rate plan, minor units). */
type RangeParams<Amount> = [tenantId: string, ratePlanId: string, from: string, to: string, amount: Amount];

export const clearDailyRates = statement<[tenantId: string, ratePlanId: string, from: string, to: string], { night: string }>(
  `DELETE FROM daily_rates WHERE tenant_id = $1 AND rate_plan_id = $2 AND night BETWEEN $3::date AND $4::date RETURNING night::text AS night`,
);

export const upsertDailyRates = statement<RangeParams<number>, { night: string }>(
  `INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount)
   SELECT $1, $2, d::date, $5 FROM generate_series($3::date, $4::date, interval '1 day') AS d
   ON CONFLICT (tenant_id, rate_plan_id, night) DO UPDATE SET amount = EXCLUDED.amount
   RETURNING night::text AS night`,
);

/** Every night of the range: its own rate, or the plan's base rate (`amount`, bigint as text). */
export interface DailyRateRow {
  night: string;
  amount: string;
  overridden: boolean;
}

export const dailyRatesInRange = statement<RangeParams<number>, DailyRateRow>(
  `SELECT to_char(d, 'YYYY-MM-DD') AS night, COALESCE(r.amount, $5) AS amount, r.amount IS NOT NULL AS overridden
     FROM generate_series($3::date, $4::date, interval '1 day') AS d
     LEFT JOIN daily_rates r ON r.tenant_id = $1 AND r.rate_plan_id = $2 AND r.night = d::date
    ORDER BY d`,
);
