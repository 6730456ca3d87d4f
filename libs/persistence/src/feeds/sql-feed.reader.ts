import { Injectable } from '@nestjs/common';
import { FeedAriProperty, FeedFreshness, FeedListing, FeedReader, FeedScope, plusDays, readNightOccupancy } from '@hcs/domain';
import { restrictionsByDate, stayRestrictionRunsOfPlans } from '../catalog/stay-restriction-row';
import { SqlClient } from '../sql/sql-client';
import type { Statement } from '../sql/statement';
import {
  ARI,
  ariPropertiesPage,
  dailyRatesIn,
  inventoryNightsIn,
  LISTINGS,
  listingsPage,
  promotedZones,
  quotableRatePlansOf,
  RatePlanRow,
  RoomTypeRow,
  roomTypesOf,
} from './feed-rows';

const ZONE_CACHE_SIZE = 1000;

/**
 * The feeds' reads (docs/feeds.md). Freshness is one round trip of index probes over the change
 * stamps kept by migration 1764330000001; documents are read by a keyset cursor over promoted properties in id
 * order, one batch of properties (and their rows) at a time.
 */
@Injectable()
export class SqlFeedReader extends FeedReader {
  private readonly zones = new Map<string, { stamp: string; zones: string[] }>();

  constructor(private readonly sql: SqlClient) {
    super();
  }

  /**
   * The API never deletes catalog rows (promotion changes are updates), so the latest stamp of each
   * table changes with every change the feeds show. The promoted properties' time zones are
   * remembered per tenant until the properties' stamp moves.
   */
  async freshness(tenantId: string, scope: FeedScope): Promise<FeedFreshness> {
    const [row] = await this.sql.run(scope === 'listings' ? LISTINGS : ARI, [tenantId]);
    const micros = Math.max(...row.fingerprint.split('|').map(Number));
    return {
      lastChange: micros > 0 ? new Date(Math.floor(micros / 1000)) : null,
      fingerprint: row.fingerprint,
      timezones: scope === 'ari' ? await this.promotedZones(tenantId, row.properties) : [],
    };
  }

  private async promotedZones(tenantId: string, propertiesStamp: string): Promise<string[]> {
    const known = this.zones.get(tenantId);
    if (known?.stamp === propertiesStamp) return known.zones;
    const [row] = await this.sql.run(promotedZones, [tenantId]);
    this.zones.delete(tenantId);
    if (this.zones.size >= ZONE_CACHE_SIZE) this.zones.delete(this.zones.keys().next().value as string);
    this.zones.set(tenantId, { stamp: propertiesStamp, zones: row.zones });
    return row.zones;
  }

  async *listings(tenantId: string, batchSize: number): AsyncIterable<FeedListing[]> {
    for await (const rows of this.promotedPages(listingsPage, tenantId, batchSize)) {
      yield rows.map((r) => ({
        id: r.id,
        name: r.name,
        addressLine1: r.address_line1,
        addressLine2: r.address_line2,
        city: r.city,
        region: r.region,
        postalCode: r.postal_code,
        country: r.country?.trim() ?? null,
        lat: r.lat,
        lng: r.lng,
        phone: r.phone,
      }));
    }
  }

  async *ariProperties(tenantId: string, window: { from: string; to: string } | null, batchSize: number): AsyncIterable<FeedAriProperty[]> {
    for await (const rows of this.promotedPages(ariPropertiesPage, tenantId, batchSize)) {
      const ids = rows.map((r) => r.id);
      const roomTypes = await this.sql.run(roomTypesOf, [tenantId, ids]);
      const ratePlans = await this.sql.run(quotableRatePlansOf, [tenantId, ids]);
      const properties = new Map<string, FeedAriProperty>(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            timezone: r.timezone,
            checkinTime: r.checkin_time,
            taxes: r.taxes,
            fees: r.fees,
            roomTypes: [],
            ratePlans: [],
            dailyRates: {},
            dailyOccupancy: {},
            inventory: {},
            restrictions: {},
          },
        ]),
      );
      const propertyOf = new Map<string, FeedAriProperty>();
      for (const rt of roomTypes) {
        const property = properties.get(rt.property_id)!;
        property.roomTypes.push({ id: rt.id, name: rt.name, maxOccupancy: rt.max_occupancy, defaultInventory: rt.default_inventory });
        propertyOf.set(rt.id, property);
      }
      for (const rp of ratePlans) {
        const property = properties.get(rp.property_id)!;
        property.ratePlans.push({
          id: rp.id,
          roomTypeId: rp.room_type_id,
          name: rp.name,
          currency: rp.currency,
          baseRateAmount: Number(rp.base_rate_amount),
          cancellationKind: rp.cancellation_kind,
          freeCancellationHoursBeforeCheckin: rp.free_cancellation_hours_before_checkin,
          occupancyPricing: rp.occupancy_pricing,
        });
        propertyOf.set(rp.id, property);
      }
      if (window) await this.readNights(tenantId, window, roomTypes, ratePlans, propertyOf);
      yield [...properties.values()];
    }
  }

  private async readNights(
    tenantId: string,
    window: { from: string; to: string },
    roomTypes: RoomTypeRow[],
    ratePlans: RatePlanRow[],
    propertyOf: Map<string, FeedAriProperty>,
  ): Promise<void> {
    const rates = await this.sql.run(dailyRatesIn, [tenantId, ratePlans.map((rp) => rp.id), window.from, window.to]);
    for (const r of rates) {
      const byNight = (propertyOf.get(r.rate_plan_id)!.dailyRates[r.rate_plan_id] ??= {});
      byNight[r.night] = Number(r.amount);
      const occupancy = readNightOccupancy(r.by_adults, r.extra_adult, r.child_rates);
      if (occupancy) (propertyOf.get(r.rate_plan_id)!.dailyOccupancy[r.rate_plan_id] ??= {})[r.night] = occupancy;
    }
    const nights = await this.sql.run(inventoryNightsIn, [tenantId, roomTypes.map((rt) => rt.id), window.from, window.to]);
    for (const n of nights) {
      const byNight = (propertyOf.get(n.room_type_id)!.inventory[n.room_type_id] ??= {});
      byNight[n.night] = { allotment: n.allotment, held: n.held, sold: n.sold };
    }
    // Restrictions up to the day after the last check-in: a one-night stay's check-out date (closed_to_departure).
    const until = plusDays(window.to, 1);
    const restricted = await this.sql.run(stayRestrictionRunsOfPlans, [tenantId, ratePlans.map((rp) => rp.id), window.from, until]);
    for (const r of restricted) propertyOf.get(r.rate_plan_id)!.restrictions[r.rate_plan_id] = restrictionsByDate(r.runs, window.from, until);
  }

  /** Keyset cursor over the tenant's promoted properties in id order. */
  private async *promotedPages<Row extends { id: string }>(
    page: Statement<[string, string, number], Row>,
    tenantId: string,
    batchSize: number,
  ): AsyncIterable<Row[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.sql.run(page, [tenantId, after, batchSize]);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1].id;
    }
  }
}
