import { Injectable } from '@nestjs/common';
import { AppliedAllotment, OtaAllotmentRow, OtaAriWriter, OtaPropertyRef, OtaRateRow, readOccupancyPricing } from '@hcs/domain';
import { CatalogChangeFeed } from '../catalog/catalog-change-feed';
import { SqlClient } from '../sql/sql-client';
import { channelPropertiesBySlug, lockAllotmentNights, lockRatePlans, putAllotments, putDailyRates } from './channel-rows';

/** Set-based ARI writes of channel messages: one statement per kind of value, whatever the number of dates. */
@Injectable()
export class SqlOtaAriWriter extends OtaAriWriter {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  async channelProperties(tenantId: string, channelId: string, slugs: string[]): Promise<OtaPropertyRef[]> {
    if (slugs.length === 0) return [];
    const rows = await this.sql.run(channelPropertiesBySlug, [tenantId, channelId, slugs]);
    return rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      taxes: p.taxes ?? [],
      roomTypes: p.room_types.map((r) => ({
        id: r.id,
        code: r.code,
        maxOccupancy: r.max_occupancy,
        ratePlans: r.rate_plans.map((rp) => ({
          id: rp.id,
          code: rp.code,
          currency: rp.currency,
          baseAdults: readOccupancyPricing(rp.occupancy_pricing, r.max_occupancy).base_adults,
        })),
      })),
    }));
  }

  async lockRatePlans(tenantId: string, ratePlanIds: string[]): Promise<void> {
    if (ratePlanIds.length > 0) await this.sql.run(lockRatePlans, [tenantId, ratePlanIds]);
  }

  async putRates(tenantId: string, rows: OtaRateRow[]): Promise<number> {
    const json = JSON.stringify(
      rows.map((r) => ({
        rate_plan_id: r.ratePlanId,
        night: r.night,
        amount: r.amount,
        by_adults: r.by_adults,
        extra_adult: r.extra_adult,
        child_rates: r.child_rates,
      })),
    );
    const [{ n }] = await this.sql.run(putDailyRates, [tenantId, json]);
    this.changes.changedHere(tenantId);
    return Number(n);
  }

  async putAllotments(tenantId: string, rows: OtaAllotmentRow[]): Promise<AppliedAllotment[]> {
    const json = JSON.stringify(rows.map((r) => ({ room_type_id: r.roomTypeId, night: r.night, kind: r.kind, count: r.count })));
    await this.sql.run(lockAllotmentNights, [tenantId, json]);
    const applied = await this.sql.run(putAllotments, [tenantId, json]);
    return applied.map((a) => ({ roomTypeId: a.room_type_id, night: a.night, allotment: a.allotment, committed: a.committed }));
  }
}
