import { Injectable } from '@nestjs/common';
import { AreaMatch, AvailabilitySearchRepository, OfferQuery, PropertyOffer } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';

/**
 * The whole search in one statement, every step bounded by the tenant:
 *  1. promoted properties matching the destination whose own time zone accepts the check-in;
 *  2. their room types that sleep the party;
 *  3. kept only when every night has a room: the night's row (allotment - held - sold), or the
 *     room type's default inventory where no row exists;
 *  4. their rate plans with a policy, matching meal plan and cancellation, priced night by night
 *     from per-date rates else the base rate, averaged over the stay and capped by the budget;
 *  5. the best offer per property (own currency first, then cheapest), with the property's
 *     offer count and whether any offer cancels for free.
 */
const SEARCH_SQL = `
WITH nights AS (
  SELECT d::date AS night FROM generate_series($2::date, $3::date - 1, interval '1 day') AS d
),
props AS (
  SELECT p.id, p.name, p.slug, p.city, p.region, p.country, p.star_rating, p.default_currency,
         CASE
           WHEN $5::text IS NOT NULL THEN 'property'
           WHEN $4::text IS NULL THEN NULL
           WHEN lower(p.city) = $4 THEN 'city'
           WHEN lower(p.region) = $4 THEN 'region'
           WHEN lower(p.country) = $4 THEN 'country'
           ELSE 'name'
         END AS area_match
    FROM properties p
   WHERE p.tenant_id = $1
     AND p.promoted_at IS NOT NULL
     AND ($5::text IS NULL OR p.slug = $5 OR p.id = $6::uuid)
     AND ($4::text IS NULL OR lower(p.city) = $4 OR lower(p.region) = $4 OR lower(p.country) = $4 OR strpos(lower(p.name), $4) > 0)
     AND $2::date >= (now() AT TIME ZONE p.timezone)::date
     AND $2::date <= (now() AT TIME ZONE p.timezone)::date + 365
),
available_rooms AS (
  SELECT rt.id, rt.property_id, rt.name, rt.max_occupancy,
         min(COALESCE(i.allotment - i.held - i.sold, rt.default_inventory)) AS rooms_left
    FROM room_types rt
    JOIN props ON props.id = rt.property_id
   CROSS JOIN nights n
    LEFT JOIN inventory_nights i ON i.room_type_id = rt.id AND i.night = n.night AND i.tenant_id = $1
   WHERE rt.tenant_id = $1 AND rt.max_occupancy >= $7
   GROUP BY rt.id
  HAVING min(COALESCE(i.allotment - i.held - i.sold, rt.default_inventory)) >= 1
),
offers AS (
  SELECT r.property_id, r.id AS room_type_id, r.name AS room_type_name, r.max_occupancy, r.rooms_left,
         rp.id AS rate_plan_id, rp.name AS rate_plan_name, rp.meal_plan, rp.currency,
         pol.cancellation_kind, pol.free_cancellation_hours_before_checkin,
         sum(COALESCE(dr.amount, rp.base_rate_amount)) AS total
    FROM available_rooms r
    JOIN rate_plans rp ON rp.room_type_id = r.id AND rp.tenant_id = $1
    JOIN policies pol ON pol.id = rp.policy_id AND pol.tenant_id = $1
   CROSS JOIN nights n
    LEFT JOIN daily_rates dr ON dr.rate_plan_id = rp.id AND dr.night = n.night AND dr.tenant_id = $1
   WHERE ($9::text IS NULL OR rp.meal_plan = $9)
     AND ($10::text IS NULL OR pol.cancellation_kind = $10)
   GROUP BY r.property_id, r.id, r.name, r.max_occupancy, r.rooms_left, rp.id, pol.id
),
priced AS (
  SELECT o.*, round(o.total::numeric / $8)::bigint AS nightly
    FROM offers o
   WHERE $11::jsonb IS NULL OR round(o.total::numeric / $8) <= ($11::jsonb ->> o.currency::text)::bigint
),
ranked AS (
  SELECT pr.*,
         row_number() OVER (PARTITION BY pr.property_id ORDER BY (pr.currency = p.default_currency) DESC, pr.nightly, pr.rate_plan_id) AS pick,
         count(*) OVER (PARTITION BY pr.property_id) AS offer_count,
         bool_or(pr.cancellation_kind = 'free_cancellation') OVER (PARTITION BY pr.property_id) AS has_free_cancellation
    FROM priced pr
    JOIN props p ON p.id = pr.property_id
)
SELECT p.id AS property_id, p.name AS property_name, p.slug, p.city, p.region, p.country, p.star_rating, p.default_currency, p.area_match,
       r.room_type_id, r.room_type_name, r.max_occupancy, r.rooms_left, r.rate_plan_id, r.rate_plan_name, r.meal_plan,
       r.currency, r.total, r.nightly, r.cancellation_kind, r.free_cancellation_hours_before_checkin,
       r.offer_count, r.has_free_cancellation
  FROM ranked r
  JOIN props p ON p.id = r.property_id
 WHERE r.pick = 1`;

interface OfferRow {
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
}

@Injectable()
export class TypeOrmAvailabilitySearchRepository extends AvailabilitySearchRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get db() {
    return (this.tx as Tx).tx;
  }

  async findBestOffers(tenantId: string, q: OfferQuery): Promise<PropertyOffer[]> {
    const rows: OfferRow[] = await this.db.query(SEARCH_SQL, [
      tenantId,
      q.checkIn,
      q.checkOut,
      q.area,
      q.property?.slug ?? null,
      q.property?.id ?? null,
      q.partySize,
      q.nights,
      q.mealPlan,
      q.cancellation,
      q.maxNightlyByCurrency ? JSON.stringify(q.maxNightlyByCurrency) : null,
    ]);
    return rows.map((r) => ({
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
    }));
  }

  async findPromotedProperty(tenantId: string, property: { slug: string; id: string | null }): Promise<{ id: string; timezone: string } | null> {
    const rows: Array<{ id: string; timezone: string }> = await this.db.query(
      `SELECT id, timezone FROM properties WHERE tenant_id = $1 AND promoted_at IS NOT NULL AND (slug = $2 OR id = $3::uuid) LIMIT 1`,
      [tenantId, property.slug, property.id],
    );
    return rows[0] ?? null;
  }
}
