import type { RestrictionsByDate } from '../../stay/stay-restrictions';
import type { CancellationKind } from '../chain.types';

export interface QuoteSourceQuery {
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  /** Nights whose per-date rates are wanted (YYYY-MM-DD). */
  nights: string[];
}

/** What a quote needs from the catalog, read in one go; each part is null when it does not exist. */
export interface QuoteSource {
  property: { id: string; timezone: string; checkinTime: string | null; taxes: unknown; fees: unknown } | null;
  roomType: { id: string; maxOccupancy: number } | null;
  ratePlan: { id: string; currency: string; baseRateAmount: number; policyId: string | null } | null;
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
}

/** Port: read-only access to the catalog rows a quote is priced from. */
export abstract class QuoteSourceReader {
  abstract read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource>;
}
