import { statement } from '../sql/statement';

/** The statements of `daily_rates` (per-date nightly rates of a rate plan, minor units). */
type RangeParams<Amount> = [tenantId: string, ratePlanId: string, from: string, to: string, amount: Amount];

export const clearDailyRates = statement<[tenantId: string, ratePlanId: string, from: string, to: string], { night: string }>(
  `DELETE FROM daily_rates WHERE tenant_id = $1 AND rate_plan_id = $2 AND night BETWEEN $3::date AND $4::date RETURNING night::text AS night`,
);

/** Each night's rate and its own party prices (null: the plan's), replacing what the night had. */
export const upsertDailyRates = statement<
  [...RangeParams<number>, byAdults: string | null, extraAdult: number | null, childRates: string | null],
  { night: string }
>(
  `INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount, by_adults, extra_adult, child_rates)
   SELECT $1, $2, d::date, $5, $6::jsonb, $7, $8::jsonb FROM generate_series($3::date, $4::date, interval '1 day') AS d
   ON CONFLICT (tenant_id, rate_plan_id, night) DO UPDATE
     SET amount = EXCLUDED.amount, by_adults = EXCLUDED.by_adults, extra_adult = EXCLUDED.extra_adult, child_rates = EXCLUDED.child_rates
   RETURNING night::text AS night`,
);

/** Every night of the range: its own rate, or the plan's base rate (`amount`, bigint as text). */
export interface DailyRateRow {
  night: string;
  amount: string;
  overridden: boolean;
  by_adults: Record<string, number> | null;
  /** bigint as text. */
  extra_adult: string | null;
  child_rates: Array<{ max_age: number; amount: number }> | null;
}

export const dailyRatesInRange = statement<RangeParams<number>, DailyRateRow>(
  `SELECT to_char(d, 'YYYY-MM-DD') AS night, COALESCE(r.amount, $5) AS amount, r.amount IS NOT NULL AS overridden,
          r.by_adults, r.extra_adult, r.child_rates
     FROM generate_series($3::date, $4::date, interval '1 day') AS d
     LEFT JOIN daily_rates r ON r.tenant_id = $1 AND r.rate_plan_id = $2 AND r.night = d::date
    ORDER BY d`,
);
