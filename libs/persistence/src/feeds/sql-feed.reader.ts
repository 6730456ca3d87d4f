import { Injectable } from '@nestjs/common';
import { CancellationKind, FeedAriProperty, FeedFreshness, FeedListing, FeedReader, FeedScope } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

interface FreshnessRow {
  properties: string;
  fingerprint: string;
}

interface ListingRow {
  id: string;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
}

interface AriPropertyRow {
  id: string;
  timezone: string;
  checkin_time: string | null;
  taxes: unknown;
  fees: unknown;
}

interface RoomTypeRow {
  id: string;
  property_id: string;
  name: string;
  max_occupancy: number;
  default_inventory: number;
}

interface RatePlanRow {
  id: string;
  property_id: string;
  room_type_id: string;
  name: string;
  currency: string;
  base_rate_amount: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
}

/** Latest change stamp of the tenant's rows in a table, in microseconds (0 without rows): an index probe. */
const stamp = (table: string) => `coalesce((SELECT (extract(epoch FROM max(updated_at)) * 1000000)::bigint FROM ${table} WHERE tenant_id = $1), 0)`;
const ZONE_CACHE_SIZE = 1000;

/**
 * The feeds' reads (docs/feeds.md). Freshness is one round trip of index probes over the change
 * stamps kept by migration 1764330000001; documents are read by a keyset cursor over promoted properties in id
 * order, one batch of properties (and their rows) at a time.
 */
@Injectable()
export class SqlFeedReader extends FeedReader {
  private readonly zones = new Map<string, { stamp: string; zones: string[] }>();

  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get db() {
    return this.tx.tx;
  }

  /**
   * The API never deletes catalog rows (promotion changes are updates), so the latest stamp of each
   * table changes with every change the feeds show. The promoted properties' time zones are
   * remembered per tenant until the properties' stamp moves.
   */
  async freshness(tenantId: string, scope: FeedScope): Promise<FeedFreshness> {
    const tables = scope === 'listings' ? ['properties'] : ['properties', 'room_types', 'rate_plans', 'policies'];
    const [row] = (await this.db.query(`SELECT ${stamp('properties')}::text AS properties, concat_ws('|', ${tables.map(stamp).join(', ')}) AS fingerprint`, [
      tenantId,
    ])) as FreshnessRow[];
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
    const [row] = (await this.db.query(
      `SELECT coalesce(array_agg(DISTINCT timezone), '{}') AS zones FROM properties WHERE tenant_id = $1 AND promoted_at IS NOT NULL`,
      [tenantId],
    )) as Array<{ zones: string[] }>;
    this.zones.delete(tenantId);
    if (this.zones.size >= ZONE_CACHE_SIZE) this.zones.delete(this.zones.keys().next().value as string);
    this.zones.set(tenantId, { stamp: propertiesStamp, zones: row.zones });
    return row.zones;
  }

  async *listings(tenantId: string, batchSize: number): AsyncIterable<FeedListing[]> {
    for await (const rows of this.promotedPages<ListingRow>(
      tenantId,
      batchSize,
      'id, name, address_line1, address_line2, city, region, postal_code, country, lat, lng, phone',
    )) {
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
    for await (const rows of this.promotedPages<AriPropertyRow>(tenantId, batchSize, 'id, timezone, checkin_time, taxes, fees')) {
      const ids = rows.map((r) => r.id);
      const roomTypes = (await this.db.query(
        `SELECT id, property_id, name, max_occupancy, default_inventory FROM room_types
          WHERE tenant_id = $1 AND property_id = ANY($2::uuid[]) ORDER BY property_id, code, id`,
        [tenantId, ids],
      )) as RoomTypeRow[];
      // Only rate plans a quote accepts: those whose policy exists.
      const ratePlans = (await this.db.query(
        `SELECT rp.id, rp.property_id, rp.room_type_id, rp.name, rp.currency, rp.base_rate_amount,
                pol.cancellation_kind, pol.free_cancellation_hours_before_checkin
           FROM rate_plans rp
           JOIN room_types rt ON rt.id = rp.room_type_id AND rt.tenant_id = $1
           JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1
          WHERE rp.tenant_id = $1 AND rp.property_id = ANY($2::uuid[])
          ORDER BY rp.property_id, rt.code, rp.code, rp.id`,
        [tenantId, ids],
      )) as RatePlanRow[];
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
            inventory: {},
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
    const rates = (await this.db.query(
      `SELECT rate_plan_id, night::text AS night, amount FROM daily_rates
        WHERE tenant_id = $1 AND rate_plan_id = ANY($2::uuid[]) AND night BETWEEN $3::date AND $4::date`,
      [tenantId, ratePlans.map((rp) => rp.id), window.from, window.to],
    )) as Array<{ rate_plan_id: string; night: string; amount: string }>;
    for (const r of rates) {
      const byNight = (propertyOf.get(r.rate_plan_id)!.dailyRates[r.rate_plan_id] ??= {});
      byNight[r.night] = Number(r.amount);
    }
    const nights = (await this.db.query(
      `SELECT room_type_id, night::text AS night, allotment, held, sold FROM inventory_nights
        WHERE tenant_id = $1 AND room_type_id = ANY($2::uuid[]) AND night BETWEEN $3::date AND $4::date`,
      [tenantId, roomTypes.map((rt) => rt.id), window.from, window.to],
    )) as Array<{ room_type_id: string; night: string; allotment: number; held: number; sold: number }>;
    for (const n of nights) {
      const byNight = (propertyOf.get(n.room_type_id)!.inventory[n.room_type_id] ??= {});
      byNight[n.night] = { allotment: n.allotment, held: n.held, sold: n.sold };
    }
  }

  /** Keyset cursor over the tenant's promoted properties in id order. */
  private async *promotedPages<Row extends { id: string }>(tenantId: string, batchSize: number, columns: string): AsyncIterable<Row[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await this.db.query(
        `SELECT ${columns} FROM properties
          WHERE tenant_id = $1 AND promoted_at IS NOT NULL AND id > $2::uuid
          ORDER BY id LIMIT $3`,
        [tenantId, after, batchSize],
      )) as Row[];
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1].id;
    }
  }
}
