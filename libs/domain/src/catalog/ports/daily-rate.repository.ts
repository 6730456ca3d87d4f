import type { DailyRate, DateRange, NightPartyPrices, RatePlan } from '../catalog';

/** Port: per-date rates of a rate plan (ARI rates). */
export abstract class DailyRateRepository {
  /**
   * Sets the rate of every night of the range with its party prices (what `party` leaves out is
   * none: the plan's), or with `null` removes the per-date rates.
   */
  abstract setRates(tenantId: string, ratePlanId: string, range: DateRange, amount: number | null, party?: NightPartyPrices): Promise<number>;
  abstract listRates(tenantId: string, ratePlan: RatePlan, range: DateRange): Promise<DailyRate[]>;
}
