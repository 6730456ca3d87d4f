import { Injectable } from '@nestjs/common';
import { DailyRate, DailyRateRepository, DateRange, NightPartyPrices, RatePlan } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { CatalogChangeFeed } from './catalog-change-feed';
import { clearDailyRates, dailyRatesInRange, upsertDailyRates } from './daily-rate-row';

@Injectable()
export class SqlDailyRateRepository extends DailyRateRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  /**
   * Sets (or, with null, clears) the rate of every night of the range; answers how many nights
   * changed. Quotes priced from memory in this process see it from the commit on (docs/catalog.md).
   */
  async setRates(tenantId: string, ratePlanId: string, range: DateRange, amount: number | null, party: NightPartyPrices = {}): Promise<number> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    const nights =
      amount === null
        ? await this.sql.run(clearDailyRates, [tenantId, ratePlanId, range.from, range.to])
        : await this.sql.run(upsertDailyRates, [
            tenantId,
            ratePlanId,
            range.from,
            range.to,
            amount,
            json(party.by_adults),
            party.extra_adult ?? null,
            json(party.child_rates),
          ]);
    this.changes.changedHere(tenantId);
    return nights.length;
  }

  async listRates(tenantId: string, ratePlan: RatePlan, range: DateRange): Promise<DailyRate[]> {
    const rows = await this.sql.run(dailyRatesInRange, [tenantId, ratePlan.id, range.from, range.to, ratePlan.baseRate.amount]);
    return rows.map((r) => ({
      night: r.night,
      amount: Number(r.amount),
      overridden: r.overridden,
      by_adults: r.by_adults,
      extra_adult: r.extra_adult === null ? null : Number(r.extra_adult),
      child_rates: r.child_rates,
    }));
  }
}
