import type { AreaMatch, PropertyOffer } from '@hcs/domain';
import { statement } from '../sql/statement';
import { stayRestrictedSql } from '../catalog/stay-restriction-row';

type Strategy = 'per_room' | 'aggregate';

/** The stay's nights that set their own party prices, as `[amount, by_adults, extra_adult, child_rates]` (null when none). */
const OVERRIDES = `jsonb_agg(jsonb_build_array(dr.amount, dr.by_adults, dr.extra_adult, dr.child_rates))
                FILTER (WHERE dr.by_adults IS NOT NULL OR dr.extra_adult IS NOT NULL OR dr.child_rates IS NOT NULL) AS overrides`;

/**
 * The stay's total for the party ($12 adults, $13 children's ages; docs/catalog.md "Party
 * pricing"): every night's amount (per-date, else base) plus the plan's party surcharge
 * (`hcs_party_night` over an amount of 0, zero without occupancy pricing), and for the few nights
 * with their own party prices the difference `hcs_party_night` makes on them.
 */
const PARTY = `
   CROSS JOIN LATERAL (
     SELECT coalesce((rp.occupancy_pricing ->> 'base_adults')::int, least(2, r.max_occupancy)) AS base_adults,
            coalesce((rp.occupancy_pricing ->> 'extra_adult')::bigint, 0) AS extra_adult,
            coalesce(rp.occupancy_pricing -> 'child_rates', '[]'::jsonb) AS child_rates
   ) occ
   CROSS JOIN LATERAL (
     SELECT CASE WHEN rp.occupancy_pricing IS NULL THEN 0 ELSE hcs_party_night(0::bigint, NULL::jsonb, occ.extra_adult, occ.child_rates, occ.base_adults, $12::int, $13::int[]) END AS surcharge
   ) plan_party
   CROSS JOIN LATERAL (
     SELECT count(*) AS nights,
            coalesce(sum(hcs_party_night((o ->> 0)::bigint, nullif(o -> 1, 'null'), coalesce((o ->> 2)::bigint, occ.extra_adult),
                                         coalesce(nullif(o -> 3, 'null'), occ.child_rates), occ.base_adults, $12::int, $13::int[]) - (o ->> 0)::bigint), 0) AS difference
       FROM jsonb_array_elements(rates.overrides) AS o
   ) own
   CROSS JOIN LATERAL (
     SELECT coalesce(rates.dated_total, 0) + ($8 - coalesce(rates.dated_nights, 0)) * rp.base_rate_amount
            + ($8 - own.nights) * plan_party.surcharge + own.difference AS total
   ) stay`;

/**
 * The whole search in one statement, every step bounded by the tenant (no N+1):
 *  1. promoted properties matching the destination (on their lowercased search_* columns, kept by
 *     Postgres beside the row: lower() on every row of the scan cost more than the rest);
 *  2. their room types that sleep the party, with a room on every night: nights with an
 *     inventory row count allotment - held - sold, plus the rooms of `held` holds past their TTL
 *     (free again: the next hold reclaims them, worker or not), nights without one the default
 *     inventory;
 *  3. their rate plans with a policy, matching meal plan and cancellation, whose stay restrictions
 *     the stay meets, priced for the party (`PARTY`) as the per-date rates of the stay plus the
 *     base rate for every other night, averaged, capped by budget;
 *  4. the best offer per property (own currency first, then cheapest), with the property's offer
 *     count and whether any of its offers cancels for free; last, each property's own check-in
 *     window (today in its time zone up to 365 days ahead).
 * Two strategies for steps 2-3, measured on a 1,000-property catalog: with a destination, few
 * properties match, and per-room-type primary-key range scans (LATERAL) are cheapest; without
 * one, aggregating the stay's inventory rows and per-date rates of the whole tenant in one range
 * scan each (indexes on (tenant_id, night)) beats thousands of probes.
 * Parameters: $1 tenant, $2 check-in, $3 check-out, $4 area, $5 property slug, $6 property id,
 * $7 party size, $8 nights, $9 meal plan, $10 cancellation, $11 budget per currency (jsonb),
 * $12 adults, $13 children's ages (int[]). The picked row carries its property's taxes and fees:
 * the use case adds them to the stay's total (they are the same for every plan of a property and
 * grow with the subtotal, so the cheapest subtotal of a currency is its cheapest total).
 */
function searchSql(strategy: Strategy): string {
  const perRoom = strategy === 'per_room';
  return `
WITH props AS (
  SELECT p.id, p.name, p.slug, p.city, p.region, p.country, p.star_rating, p.default_currency, p.timezone, p.taxes, p.fees,
         $2::date - (now() AT TIME ZONE p.timezone)::date AS advance,
         CASE
           WHEN $5::text IS NOT NULL THEN 'property'
           WHEN $4::text IS NULL THEN NULL
           WHEN p.search_city = $4 THEN 'city'
           WHEN p.search_region = $4 THEN 'region'
           WHEN p.search_country = $4 THEN 'country'
           ELSE 'name'
         END AS area_match
    FROM properties p
   WHERE p.tenant_id = $1
     AND p.promoted_at IS NOT NULL
     AND ($5::text IS NULL OR p.slug = $5 OR p.id = $6::uuid)
     AND ($4::text IS NULL OR p.search_city = $4 OR p.search_region = $4 OR p.search_country = $4 OR strpos(p.search_name, $4) > 0)
),
-- rooms of due holds per room type and night of the stay (few: the sweep keeps them near zero)
due_nights AS MATERIALIZED (
  SELECT h.room_type_id, n.night::date AS night, sum(h.units) AS rooms
    FROM holds h
   CROSS JOIN generate_series(greatest(h.check_in, $2::date), least(h.check_out, $3::date) - 1, interval '1 day') AS n(night)
   WHERE h.tenant_id = $1 AND h.state = 'held' AND h.expires_at <= now() AND h.check_in < $3::date AND h.check_out > $2::date
   GROUP BY h.room_type_id, n.night
),${
    perRoom
      ? ''
      : `
stay_inventory AS (
  SELECT i.room_type_id, count(*) AS nights_with_rows, min(i.allotment - i.held - i.sold + coalesce(d.rooms, 0)) AS min_left
    FROM inventory_nights i
    LEFT JOIN due_nights d ON d.room_type_id = i.room_type_id AND d.night = i.night
   WHERE i.tenant_id = $1 AND i.night >= $2::date AND i.night < $3::date
   GROUP BY i.room_type_id
),
stay_rates AS (
  SELECT dr.rate_plan_id, count(*) AS dated_nights, sum(dr.amount) AS dated_total, ${OVERRIDES}
    FROM daily_rates dr
   WHERE dr.tenant_id = $1 AND dr.night >= $2::date AND dr.night < $3::date
   GROUP BY dr.rate_plan_id
),`
  }
available_rooms AS (
  SELECT rt.id, rt.property_id, rt.name, rt.max_occupancy, props.advance,
         CASE WHEN coalesce(inv.nights_with_rows, 0) < $8 THEN least(rt.default_inventory, coalesce(inv.min_left, rt.default_inventory)) ELSE inv.min_left END AS rooms_left
    FROM props${
      perRoom
        ? `
   CROSS JOIN LATERAL (SELECT * FROM room_types x WHERE x.property_id = props.id AND x.tenant_id = $1 AND x.max_occupancy >= $7) rt
   CROSS JOIN LATERAL (
     SELECT count(*) AS nights_with_rows, min(i.allotment - i.held - i.sold + coalesce(d.rooms, 0)) AS min_left
       FROM inventory_nights i
       LEFT JOIN due_nights d ON d.room_type_id = i.room_type_id AND d.night = i.night
      WHERE i.tenant_id = $1 AND i.room_type_id = rt.id AND i.night >= $2::date AND i.night < $3::date
   ) inv`
        : `
    JOIN room_types rt ON rt.property_id = props.id AND rt.tenant_id = $1 AND rt.max_occupancy >= $7
    LEFT JOIN stay_inventory inv ON inv.room_type_id = rt.id`
    }
),
priced AS (
  SELECT r.property_id, r.id AS room_type_id, r.name AS room_type_name, r.max_occupancy, r.rooms_left,
         rp.id AS rate_plan_id, rp.name AS rate_plan_name, rp.meal_plan, rp.currency,
         pol.cancellation_kind, pol.free_cancellation_hours_before_checkin, rp.payment_terms,
         stay.total, round(stay.total::numeric / $8)::bigint AS nightly
    FROM available_rooms r${
      perRoom
        ? `
   CROSS JOIN LATERAL (SELECT * FROM rate_plans x WHERE x.room_type_id = r.id AND x.tenant_id = $1) rp
    JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1
   CROSS JOIN LATERAL (
     SELECT count(*) AS dated_nights, sum(dr.amount) AS dated_total, ${OVERRIDES}
       FROM daily_rates dr
      WHERE dr.tenant_id = $1 AND dr.rate_plan_id = rp.id AND dr.night >= $2::date AND dr.night < $3::date
   ) rates${PARTY}`
        : `
    JOIN rate_plans rp ON rp.room_type_id = r.id AND rp.tenant_id = $1
    JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1
    LEFT JOIN stay_rates rates ON rates.rate_plan_id = rp.id${PARTY}`
    }
   WHERE r.rooms_left >= 1
     AND ($9::text IS NULL OR rp.meal_plan = $9)
     AND ($10::text IS NULL OR pol.cancellation_kind = $10)
     -- the rate plan's stay restrictions (docs/catalog.md "Stay restrictions"): two bounded probes per plan left
     AND NOT ${stayRestrictedSql('$1', 'rp.id', '$2::date', '$3::date', '$8', 'r.advance')}
),
capped AS (
  SELECT * FROM priced
   WHERE $11::jsonb IS NULL OR nightly <= ($11::jsonb ->> currency::text)::bigint
),
ranked AS (
  SELECT c.*, p.name AS property_name, p.slug, p.city, p.region, p.country, p.star_rating, p.default_currency, p.area_match, p.timezone, p.taxes, p.fees,
         row_number() OVER (PARTITION BY c.property_id ORDER BY (c.currency = p.default_currency) DESC, c.nightly, c.rate_plan_id) AS pick,
         count(*) OVER (PARTITION BY c.property_id) AS offer_count,
         bool_or(c.cancellation_kind = 'free_cancellation') OVER (PARTITION BY c.property_id) AS has_free_cancellation
    FROM capped c
    JOIN props p ON p.id = c.property_id
)
SELECT property_id, property_name, slug, city, region, country, star_rating, default_currency, area_match,
       room_type_id, room_type_name, max_occupancy, rooms_left, rate_plan_id, rate_plan_name, meal_plan,
       currency, total, nightly, cancellation_kind, free_cancellation_hours_before_checkin, offer_count, has_free_cancellation, taxes, fees, payment_terms
  FROM ranked
 WHERE pick = 1
   -- the property's own check-in window, evaluated on the few rows left
   AND $2::date BETWEEN (now() AT TIME ZONE timezone)::date AND (now() AT TIME ZONE timezone)::date + 365`;
}

export interface OfferRow {
  property_id: string;
  property_name: string;
  slug: string;
  city: string | null;
  region: string | null;
  country: string | null;
  star_rating: string | null;
  default_currency: string;
  area_match: AreaMatch;
  room_type_id: string;
  room_type_name: string;
  max_occupancy: number;
  rooms_left: number;
  rate_plan_id: string;
  rate_plan_name: string;
  meal_plan: string;
  currency: string;
  total: string;
  nightly: string;
  cancellation_kind: string;
  free_cancellation_hours_before_checkin: number;
  offer_count: string;
  has_free_cancellation: boolean;
  taxes: unknown;
  fees: unknown;
  payment_terms: unknown;
}

type OfferParams = [
  tenantId: string,
  checkIn: string,
  checkOut: string,
  area: string | null,
  propertySlug: string | null,
  propertyId: string | null,
  partySize: number,
  nights: number,
  mealPlan: string | null,
  cancellation: string | null,
  maxNightlyByCurrency: string | null,
  adults: number,
  childAges: number[],
];

/**
 * With a destination the search is a named server-side prepared statement: parsing and planning
 * it cost as much as running it (measured: 3-5 ms), and the LATERAL plan does not depend on the
 * parameters, so Postgres' cached generic plan nearly doubles search throughput. The
 * whole-catalog strategy keeps custom plans, whose row estimates matter.
 */
export const offersNearDestination = statement<OfferParams, OfferRow>(searchSql('per_room'), 'search_destination');
export const offersAnywhere = statement<OfferParams, OfferRow>(searchSql('aggregate'));

export const promotedProperty = statement<[tenantId: string, slug: string, id: string | null], { id: string; timezone: string }>(
  `SELECT id, timezone FROM properties WHERE tenant_id = $1 AND promoted_at IS NOT NULL AND (slug = $2 OR id = $3::uuid) LIMIT 1`,
);

export const toPropertyOffer = (r: OfferRow): PropertyOffer => ({
  propertyId: r.property_id,
  propertyName: r.property_name,
  slug: r.slug,
  city: r.city,
  region: r.region,
  country: r.country,
  starRating: r.star_rating === null ? null : Number(r.star_rating),
  defaultCurrency: r.default_currency,
  areaMatch: r.area_match,
  roomTypeId: r.room_type_id,
  roomTypeName: r.room_type_name,
  maxOccupancy: r.max_occupancy,
  roomsLeft: Number(r.rooms_left),
  ratePlanId: r.rate_plan_id,
  ratePlanName: r.rate_plan_name,
  mealPlan: r.meal_plan,
  currency: r.currency,
  total: Number(r.total),
  nightly: Number(r.nightly),
  cancellationKind: r.cancellation_kind,
  freeCancellationHours: r.free_cancellation_hours_before_checkin,
  offerCount: Number(r.offer_count),
  hasFreeCancellation: r.has_free_cancellation,
  taxes: r.taxes,
  fees: r.fees,
  // Only a plan with terms other than prepay carries them (docs/payments.md).
  ...(r.payment_terms ? { paymentTerms: r.payment_terms } : {}),
});
