import { Injectable } from '@nestjs/common';
import { CancellationKind, NightOccupancy, plusDays, QuoteSource, QuoteSourceQuery, QuoteSourceReader, readNightOccupancy } from '@hcs/domain';
import { restrictionsByDate, stayRestrictionRunsJson, StayRestrictionRunTuple } from '../catalog/stay-restriction-row';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';

interface QuoteSourceRow {
  property_id: string | null;
  timezone: string;
  checkin_time: string | null;
  taxes: unknown;
  fees: unknown;
  default_currency: string;
  /** numeric as text: rate plan currency → property currency, null when the same or unknown. */
  local_rate: string | null;
  room_type_id: string | null;
  max_occupancy: number;
  rate_plan_id: string | null;
  currency: string;
  base_rate_amount: string;
  occupancy_pricing: unknown;
  payment_terms: unknown;
  policy_ref: string | null;
  policy_id: string | null;
  version: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: string;
  child_policy_text: string | null;
  daily_rates: Record<string, string> | null;
  restriction_runs: StayRestrictionRunTuple[] | null;
  /** Per night that sets any: `[by_adults, extra_adult, child_rates]`. */
  daily_occupancy: Record<string, [unknown, unknown, unknown]> | null;
}

const quoteSource = statement<
  [tenantId: string, propertyId: string, roomTypeId: string, ratePlanId: string, from: string | null, to: string | null],
  QuoteSourceRow
>(
  `SELECT p.id AS property_id, p.timezone, p.checkin_time, p.taxes, p.fees, p.default_currency,
        (SELECT (CASE WHEN fx.base = rp.currency THEN fx.rate ELSE 1 / fx.rate END)::text FROM fx_rates fx
          WHERE (fx.tenant_id = $1 OR fx.tenant_id IS NULL) AND rp.currency <> p.default_currency
            AND ((fx.base = rp.currency AND fx.quote = p.default_currency) OR (fx.base = p.default_currency AND fx.quote = rp.currency))
          ORDER BY fx.base = rp.currency DESC, fx.tenant_id NULLS LAST LIMIT 1) AS local_rate,
        rt.id AS room_type_id, rt.max_occupancy,
        rp.id AS rate_plan_id, rp.currency, rp.base_rate_amount, rp.occupancy_pricing, rp.payment_terms, rp.policy_id AS policy_ref,
        pol.id AS policy_id, pol.version, pol.cancellation_kind, pol.free_cancellation_hours_before_checkin,
        pol.cancellation_fee_pct_after_cutoff, pol.child_policy_text,
        (SELECT json_object_agg(dr.night::text, dr.amount) FROM daily_rates dr
          WHERE dr.tenant_id = $1 AND dr.rate_plan_id = rp.id AND dr.night >= $5::date AND dr.night < $6::date) AS daily_rates,
        ${stayRestrictionRunsJson('$1', 'rp.id', '$5::date', '$6::date')} AS restriction_runs,
        (SELECT json_object_agg(dr.night::text, json_build_array(dr.by_adults, dr.extra_adult, dr.child_rates)) FROM daily_rates dr
          WHERE dr.tenant_id = $1 AND dr.rate_plan_id = rp.id AND dr.night >= $5::date AND dr.night < $6::date
            AND (dr.by_adults IS NOT NULL OR dr.extra_adult IS NOT NULL OR dr.child_rates IS NOT NULL)) AS daily_occupancy
   FROM (SELECT 1) AS one
   LEFT JOIN properties p ON p.id = $2 AND p.tenant_id = $1 AND p.promoted_at IS NOT NULL
   LEFT JOIN room_types rt ON rt.id = $3 AND rt.property_id = p.id AND rt.tenant_id = $1
   LEFT JOIN rate_plans rp ON rp.id = $4 AND rp.room_type_id = rt.id AND rp.tenant_id = $1
   LEFT JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1`,
);

/** Nights `[from, to)` as `YYYY-MM-DD`. */
export interface NightWindow {
  from: string;
  to: string;
}

/**
 * Reads the catalog rows a quote is priced from in one round trip (the catalog tables belong to
 * the catalog capability; the chain only reads them). Every join is scoped to the tenant.
 */
@Injectable()
export class SqlQuoteSourceReader extends QuoteSourceReader {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  /** The rates of the stay's own nights (a stay's nights follow each other). */
  read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource> {
    const { nights } = query;
    return this.readWindow(tenantId, query, nights.length > 0 ? { from: nights[0], to: plusDays(nights[nights.length - 1], 1) } : null);
  }

  /**
   * The rates of every night of `window` (none when null), which may reach past the stay's, and
   * the stay restrictions of its dates up to and including `window.to` (a stay's check-out date):
   * `CachedQuoteSourceReader` keeps a window of nights around the ones asked for.
   */
  async readWindow(tenantId: string, query: Omit<QuoteSourceQuery, 'nights'>, window: NightWindow | null): Promise<QuoteSource> {
    const rows = await this.sql.run(quoteSource, [tenantId, query.propertyId, query.roomTypeId, query.ratePlanId, window?.from ?? null, window?.to ?? null]);
    const r = rows[0];
    return {
      property: r.property_id
        ? {
            id: r.property_id,
            timezone: r.timezone,
            checkinTime: r.checkin_time,
            taxes: r.taxes,
            fees: r.fees,
            currency: r.default_currency,
            localRate: r.local_rate === null ? null : Number(r.local_rate),
          }
        : null,
      roomType: r.room_type_id ? { id: r.room_type_id, maxOccupancy: r.max_occupancy } : null,
      ratePlan: r.rate_plan_id
        ? {
            id: r.rate_plan_id,
            currency: r.currency,
            baseRateAmount: Number(r.base_rate_amount),
            policyId: r.policy_ref,
            occupancyPricing: r.occupancy_pricing,
            paymentTerms: r.payment_terms,
          }
        : null,
      policy: r.policy_id
        ? {
            id: r.policy_id,
            version: r.version,
            cancellationKind: r.cancellation_kind,
            freeCancellationHoursBeforeCheckin: r.free_cancellation_hours_before_checkin,
            cancellationFeePctAfterCutoff: Number(r.cancellation_fee_pct_after_cutoff),
            childPolicyText: r.child_policy_text,
          }
        : null,
      dailyRates: Object.fromEntries(Object.entries(r.daily_rates ?? {}).map(([night, amount]) => [night, Number(amount)])),
      restrictions: window ? restrictionsByDate(r.restriction_runs ?? [], window.from, window.to) : {},
      dailyOccupancy: nightOccupancies(r.daily_occupancy),
    };
  }
}

function nightOccupancies(raw: QuoteSourceRow['daily_occupancy']): Record<string, NightOccupancy> {
  const out: Record<string, NightOccupancy> = {};
  for (const [night, [byAdults, extraAdult, childRates]] of Object.entries(raw ?? {})) {
    const occupancy = readNightOccupancy(byAdults, extraAdult, childRates);
    if (occupancy) out[night] = occupancy;
  }
  return out;
}
