import { statement } from '../sql/statement';

/** The statements and row of `fx_rates` (display rates: platform-wide, or a tenant's own, which wins). */
export const upsertFxRates = statement<[tenantId: string, rates: string], { base: string }>(
  `INSERT INTO fx_rates (tenant_id, base, quote, rate, updated_at)
   SELECT $1, r.base, r.quote, r.rate, now()
     FROM jsonb_to_recordset($2::jsonb) AS r(base text, quote text, rate numeric)
   ON CONFLICT ON CONSTRAINT fx_rates_scope_pair_key DO UPDATE SET rate = EXCLUDED.rate, updated_at = now()
   RETURNING base`,
);

/** `rate` is numeric, as text. */
export interface FxRateRow {
  base: string;
  quote: string;
  rate: string;
  updated_at: Date;
}

export const effectiveFxRates = statement<[tenantId: string], FxRateRow>(
  `SELECT DISTINCT ON (base, quote) base, quote, rate, updated_at
     FROM fx_rates
    WHERE tenant_id = $1 OR tenant_id IS NULL
    ORDER BY base, quote, tenant_id NULLS LAST`,
);
