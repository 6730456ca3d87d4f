import type { RestrictionsByDate } from '../../stay/stay-restrictions';
import type { CancellationKind } from '../chain.types';
import type { NightOccupancy } from '../rules/party-price';

export interface QuoteSourceQuery {
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  /** Nights whose per-date rates are wanted (YYYY-MM-DD). */
  nights: string[];
}

/** What a quote needs from the catalog, read in one go; each part is null when it does not exist. */
export interface QuoteSource {
  property: {
    id: string;
    timezone: string;
    checkinTime: string | null;
    taxes: unknown;
    fees: unknown;
    /** The property's own currency (what it collects at the desk in). */
    currency: string;
    /** Display rate from the rate plan's currency into the property's; null when the same or unknown. */
    localRate: number | null;
  } | null;
  roomType: { id: string; maxOccupancy: number } | null;
  /** `occupancyPricing`: the stored jsonb (null = defaults, `readOccupancyPricing`); `paymentTerms` likewise (null = prepay, `readPaymentTerms`). */
  ratePlan: { id: string; currency: string; baseRateAmount: number; policyId: string | null; occupancyPricing: unknown; paymentTerms?: unknown } | null;
  policy: {
    id: string;
    version: string;
    cancellationKind: CancellationKind;
    freeCancellationHoursBeforeCheckin: number;
    cancellationFeePctAfterCutoff: number;
    childPolicyText: string | null;
  } | null;
  /** Per-date rates (minor units) of the rate plan for the requested nights. */
  dailyRates: Record<string, number>;
  /** Stay restrictions of the rate plan on the stay's dates (its nights and the check-out date) that have any. */
  restrictions: RestrictionsByDate;
  /** Per-date party prices of the requested nights that set any (`by_adults`, `extra_adult`, `child_rates`). */
  dailyOccupancy: Record<string, NightOccupancy>;
}

/** Port: read-only access to the catalog rows a quote is priced from. */
export abstract class QuoteSourceReader {
  abstract read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource>;
}
