import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search and tenancy additions on top of the catalog schema (additive only: the booking chain
 * relies on the columns of 1764000000000 as they are).
 *
 * - Search reads the promoted properties of one tenant, then their room types and rate plans, and
 *   aggregates the stay's inventory rows and per-date rates by (tenant, night) range; the
 *   tenant-leading indexes keep every step tenant-bounded. No index holds `held` or `sold`, so the
 *   booking chain's counter updates stay HOT (no index writes on the hot path).
 * - FX rates become tenant-scoped: a row with `tenant_id` overrides the platform-wide row (NULL
 *   tenant) for the same pair, so one tenant's admin can never change another tenant's display
 *   conversions. The old `(base, quote)` key becomes a surrogate id plus a NULLS NOT DISTINCT
 *   unique key (Postgres 15+).
 */
export class CatalogSearchIndexes1764000000001 implements MigrationInterface {
  name = 'CatalogSearchIndexes1764000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX properties_tenant_promoted_idx ON properties (tenant_id, slug) WHERE promoted_at IS NOT NULL`);
    await db.query(`CREATE INDEX rate_plans_tenant_room_type_idx ON rate_plans (tenant_id, room_type_id)`);
    await db.query(`CREATE INDEX room_types_tenant_property_idx ON room_types (tenant_id, property_id)`);
    await db.query(`CREATE INDEX policies_property_code_idx ON policies (property_id, code, created_at DESC)`);
    // Search aggregates a stay's nights per room type and per rate plan in one range scan each.
    await db.query(`CREATE INDEX inventory_nights_tenant_night_idx ON inventory_nights (tenant_id, night, room_type_id)`);
    await db.query(`CREATE INDEX daily_rates_tenant_night_idx ON daily_rates (tenant_id, night) INCLUDE (rate_plan_id, amount)`);
    await db.query(`ALTER TABLE fx_rates DROP CONSTRAINT fx_rates_pkey`);
    await db.query(`ALTER TABLE fx_rates ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY`);
    await db.query(`ALTER TABLE fx_rates ADD COLUMN tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE`);
    await db.query(`ALTER TABLE fx_rates ADD CONSTRAINT fx_rates_scope_pair_key UNIQUE NULLS NOT DISTINCT (tenant_id, base, quote)`);
    await db.query(`ALTER TABLE fx_rates ADD CONSTRAINT fx_rates_distinct_pair CHECK (base <> quote)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM fx_rates WHERE tenant_id IS NOT NULL`);
    await db.query(`ALTER TABLE fx_rates DROP CONSTRAINT fx_rates_distinct_pair`);
    await db.query(`ALTER TABLE fx_rates DROP CONSTRAINT fx_rates_scope_pair_key`);
    await db.query(`ALTER TABLE fx_rates DROP COLUMN tenant_id`);
    await db.query(`ALTER TABLE fx_rates DROP COLUMN id`);
    await db.query(`ALTER TABLE fx_rates ADD PRIMARY KEY (base, quote)`);
    await db.query(`DROP INDEX daily_rates_tenant_night_idx`);
    await db.query(`DROP INDEX inventory_nights_tenant_night_idx`);
    await db.query(`DROP INDEX policies_property_code_idx`);
    await db.query(`DROP INDEX room_types_tenant_property_idx`);
    await db.query(`DROP INDEX rate_plans_tenant_room_type_idx`);
    await db.query(`DROP INDEX properties_tenant_promoted_idx`);
  }
}
