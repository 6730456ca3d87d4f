import { Injectable } from '@nestjs/common';
import { BenchCity, Principal, PrincipalKind, SeedRepository, Tenant } from '@hcs/domain';
import { principalByName, toPrincipal } from '../identity/principal-row';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { tenantByName, toTenant } from '../tenancy/tenant-row';

/**
 * Bulk statements of the benchmark catalog: each table is filled by one INSERT ... SELECT over
 * generate_series, so 1,000 properties take well under a second.
 */
/** The bulk statements return no rows. */
type NoRow = Record<string, never>;

/** Properties, spread over the cities (`$3`, jsonb), all promoted. */
const benchProperties = statement<[tenantId: string, count: number, cities: string], NoRow>(
  `INSERT INTO properties (tenant_id, slug, name, description, star_rating, address_line1, city, region, country, postal_code,
                           lat, lng, timezone, default_currency, amenities, images, number_of_rooms, checkin_time, checkout_time, taxes, fees, promoted_at)
   SELECT $1, 'bench-' || lpad(i::text, 6, '0'), c.value->>'city' || ' Bench Hotel ' || i, 'Generated for benchmarks.',
          (2 + (i % 7) * 0.5)::numeric(2,1), i || ' Bench Street', c.value->>'city', c.value->>'region', c.value->>'country', lpad((i % 99999)::text, 5, '0'),
          (c.value->>'lat')::float8 + (i % 100) * 0.001, (c.value->>'lng')::float8 + (i % 100) * 0.001,
          c.value->>'timezone', c.value->>'currency', ARRAY['wifi', 'breakfast'], ARRAY[]::text[], 40 + i % 200, '15:00', '11:00',
          '[{"code":"VAT","name":"Value added tax","rate_bps":1000}]'::jsonb, '[]'::jsonb, now()
     FROM generate_series(1, $2::int) AS i
     JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS c(value, idx) ON c.idx = (i % jsonb_array_length($3::jsonb)) + 1`,
);

/** The rest of the catalog, each table from the tenant's rows of the one before. */
const BENCH_STATEMENTS = [
  `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin, cancellation_fee_pct_after_cutoff)
   SELECT p.tenant_id, p.id, k.code, '1', k.kind, k.hours, 100
     FROM properties p
    CROSS JOIN (VALUES ('flex', 'free_cancellation', 48), ('nonref', 'non_refundable', 0)) AS k(code, kind, hours)
    WHERE p.tenant_id = $1`,
  `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory, amenities)
   SELECT p.tenant_id, p.id, 'RT' || k, (ARRAY['Standard Double', 'Superior Twin', 'Family Room', 'Junior Suite'])[k],
          (ARRAY[2, 3, 4, 2])[k], 2 + (abs(hashtext(p.slug)) + k * 7) % 12, ARRAY['air_conditioning']
     FROM properties p
    CROSS JOIN LATERAL generate_series(1, 2 + abs(hashtext(p.slug)) % 3) AS k
    WHERE p.tenant_id = $1`,
  // every plan prices the party (docs/catalog.md "Party pricing"): a third adult and children by age
  `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount, meal_plan, policy_id, occupancy_pricing)
   SELECT rt.tenant_id, rt.property_id, rt.id, k.code, k.name, p.default_currency,
          (CASE WHEN p.default_currency = 'JPY' THEN 100 ELSE 1 END) * (6000 + abs(hashtext(rt.id::text)) % 24000 + k.extra),
          k.meal, pol.id,
          jsonb_build_object('extra_adult', (CASE WHEN p.default_currency = 'JPY' THEN 100 ELSE 1 END) * 2000,
                             'child_rates', '[{"max_age": 5, "amount": 0}, {"max_age": 11, "amount": 1500}]'::jsonb)
     FROM room_types rt
     JOIN properties p ON p.tenant_id = rt.tenant_id AND p.id = rt.property_id
    CROSS JOIN (VALUES ('FLEX', 'Flexible with breakfast', 'breakfast', 'flex', 2500), ('NR', 'Non-refundable room only', 'room_only', 'nonref', 0)) AS k(code, name, meal, policy, extra)
     JOIN policies pol ON pol.tenant_id = rt.tenant_id AND pol.property_id = rt.property_id AND pol.code = k.policy
    WHERE rt.tenant_id = $1`,
  // per-date rates on a quarter of the properties: weekends cost 20% more for 120 days, one adult 10% less
  `INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount, by_adults)
   SELECT rp.tenant_id, rp.id, d::date, rp.base_rate_amount * 6 / 5, jsonb_build_object('1', rp.base_rate_amount * 27 / 25)
     FROM rate_plans rp
     JOIN properties p ON p.tenant_id = rp.tenant_id AND p.id = rp.property_id
    CROSS JOIN generate_series(current_date, current_date + 120, interval '1 day') AS d
    WHERE rp.tenant_id = $1 AND abs(hashtext(p.slug)) % 4 = 0 AND extract(isodow FROM d) IN (5, 6)`,
  // stay restrictions on every plan (docs/catalog.md "Stay restrictions"): a year of at most 14
  // nights booked at most 400 days ahead, and on a quarter of the properties a stop-sell week
  `INSERT INTO stay_restrictions (tenant_id, rate_plan_id, from_date, to_date, max_stay_arrival, max_advance_days, stop_sell)
   SELECT rp.tenant_id, rp.id, r.from_date, r.to_date, r.max_stay, r.max_advance, r.stop_sell
     FROM rate_plans rp
     JOIN properties p ON p.tenant_id = rp.tenant_id AND p.id = rp.property_id
    CROSS JOIN LATERAL (VALUES (current_date, current_date + 39, 14, 400, NULL::boolean),
                               (current_date + 40, current_date + 46, 14, 400, CASE WHEN abs(hashtext(p.slug)) % 4 = 1 THEN true END),
                               (current_date + 47, current_date + 365, 14, 400, NULL::boolean)) AS r(from_date, to_date, max_stay, max_advance, stop_sell)
    WHERE rp.tenant_id = $1`,
  // inventory rows on a fifth of the room types for 120 days: some held and sold, every 7th night sold out
  `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold)
   SELECT rt.tenant_id, rt.id, d::date, rt.default_inventory,
          CASE WHEN (d::date - current_date) % 7 = 3 THEN 0 ELSE least(1, rt.default_inventory) END,
          CASE WHEN (d::date - current_date) % 7 = 3 THEN rt.default_inventory ELSE 0 END
     FROM room_types rt
    CROSS JOIN generate_series(current_date, current_date + 120, interval '1 day') AS d
    WHERE rt.tenant_id = $1 AND abs(hashtext(rt.id::text)) % 5 = 0`,
].map((text) => statement<[tenantId: string], NoRow>(text));

const analyzeBenchTables = statement<[], NoRow>('ANALYZE properties, room_types, rate_plans, policies, daily_rates, inventory_nights, stay_restrictions');

const revokeLiveCredentials = statement<[tenantId: string, principalId: string], { id: string }>(
  `UPDATE credentials SET revoked_at = now() WHERE tenant_id = $1 AND principal_id = $2 AND revoked_at IS NULL RETURNING id`,
);

const promotedPropertyCount = statement<[tenantId: string], { n: number }>(
  `SELECT count(*)::int AS n FROM properties WHERE tenant_id = $1 AND promoted_at IS NOT NULL`,
);

@Injectable()
export class SqlSeedRepository extends SeedRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async findTenantByName(name: string): Promise<Tenant | null> {
    const [row] = await this.sql.run(tenantByName, [name]);
    return row ? toTenant(row) : null;
  }

  async findPrincipalByName(tenantId: string, kind: PrincipalKind, name: string): Promise<Principal | null> {
    const [row] = await this.sql.run(principalByName, [tenantId, kind, name]);
    return row ? toPrincipal(row) : null;
  }

  async revokeCredentials(tenantId: string, principalId: string): Promise<number> {
    return (await this.sql.run(revokeLiveCredentials, [tenantId, principalId])).length;
  }

  async countPromotedProperties(tenantId: string): Promise<number> {
    const [row] = await this.sql.run(promotedPropertyCount, [tenantId]);
    return row.n;
  }

  async insertBenchCatalog(tenantId: string, count: number, cities: BenchCity[]): Promise<void> {
    await this.sql.run(benchProperties, [tenantId, count, JSON.stringify(cities)]);
    for (const next of BENCH_STATEMENTS) await this.sql.run(next, [tenantId]);
    await this.sql.run(analyzeBenchTables, []);
  }
}
