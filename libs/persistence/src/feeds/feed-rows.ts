import type { CancellationKind } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The rows the feeds read (docs/feeds.md), each typed once with the statement that returns it. */
export interface FreshnessRow {
  properties: string;
  fingerprint: string;
}

export interface ListingRow {
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

export interface AriPropertyRow {
  id: string;
  timezone: string;
  checkin_time: string | null;
  taxes: unknown;
  fees: unknown;
}

export interface RoomTypeRow {
  id: string;
  property_id: string;
  name: string;
  max_occupancy: number;
  default_inventory: number;
}

export interface RatePlanRow {
  id: string;
  property_id: string;
  room_type_id: string;
  name: string;
  currency: string;
  base_rate_amount: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
  occupancy_pricing: unknown;
}

export interface DailyRateNightRow {
  rate_plan_id: string;
  night: string;
  amount: string;
  by_adults: unknown;
  extra_adult: string | null;
  child_rates: unknown;
}

export interface InventoryNightRow {
  room_type_id: string;
  night: string;
  allotment: number;
  held: number;
  sold: number;
}

export const promotedZones = statement<[tenantId: string], { zones: string[] }>(
  `SELECT coalesce(array_agg(DISTINCT timezone), '{}') AS zones FROM properties WHERE tenant_id = $1 AND promoted_at IS NOT NULL`,
);

export const roomTypesOf = statement<[tenantId: string, propertyIds: string[]], RoomTypeRow>(
  `SELECT id, property_id, name, max_occupancy, default_inventory FROM room_types
    WHERE tenant_id = $1 AND property_id = ANY($2::uuid[]) ORDER BY property_id, code, id`,
);

/** Only rate plans a quote accepts: those whose policy exists. */
export const quotableRatePlansOf = statement<[tenantId: string, propertyIds: string[]], RatePlanRow>(
  `SELECT rp.id, rp.property_id, rp.room_type_id, rp.name, rp.currency, rp.base_rate_amount, rp.occupancy_pricing,
          pol.cancellation_kind, pol.free_cancellation_hours_before_checkin
     FROM rate_plans rp
     JOIN room_types rt ON rt.id = rp.room_type_id AND rt.tenant_id = $1
     JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1
    WHERE rp.tenant_id = $1 AND rp.property_id = ANY($2::uuid[])
    ORDER BY rp.property_id, rt.code, rp.code, rp.id`,
);

export const dailyRatesIn = statement<[tenantId: string, ratePlanIds: string[], from: string, to: string], DailyRateNightRow>(
  `SELECT rate_plan_id, night::text AS night, amount, by_adults, extra_adult, child_rates FROM daily_rates
    WHERE tenant_id = $1 AND rate_plan_id = ANY($2::uuid[]) AND night BETWEEN $3::date AND $4::date`,
);

export const inventoryNightsIn = statement<[tenantId: string, roomTypeIds: string[], from: string, to: string], InventoryNightRow>(
  `SELECT room_type_id, night::text AS night, allotment, held, sold FROM inventory_nights
    WHERE tenant_id = $1 AND room_type_id = ANY($2::uuid[]) AND night BETWEEN $3::date AND $4::date`,
);

/** Latest change stamp of the tenant's rows in a table, in microseconds (0 without rows): an index probe. */
const stamp = (table: string) => `coalesce((SELECT (extract(epoch FROM max(updated_at)) * 1000000)::bigint FROM ${table} WHERE tenant_id = $1), 0)`;

/** The properties' stamp and the fingerprint of the tables a scope shows, in one round trip. */
export const freshnessOf = (tables: string[]) =>
  statement<[tenantId: string], FreshnessRow>(
    `SELECT ${stamp('properties')}::text AS properties, concat_ws('|', ${tables.map(stamp).join(', ')}) AS fingerprint`,
  );

export const LISTINGS = freshnessOf(['properties']);
export const ARI = freshnessOf(['properties', 'room_types', 'inventory_nights', 'rate_plans', 'policies']);

/** A page of the keyset cursor over the tenant's promoted properties in id order. */
export const promotedPage = <Row extends { id: string }>(columns: string) =>
  statement<[tenantId: string, afterId: string, limit: number], Row>(
    `SELECT ${columns} FROM properties
      WHERE tenant_id = $1 AND promoted_at IS NOT NULL AND id > $2::uuid
      ORDER BY id LIMIT $3`,
  );

export const listingsPage = promotedPage<ListingRow>('id, name, address_line1, address_line2, city, region, postal_code, country, lat, lng, phone');
export const ariPropertiesPage = promotedPage<AriPropertyRow>('id, timezone, checkin_time, taxes, fees');
