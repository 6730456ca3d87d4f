import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate plans found by their property (docs/performance.md, "Sixth round").
 *
 * The property read (`GET /v1/properties/{id}`, by slug, and the MCP tool behind them) gathers a
 * property's rate plans and the policies they name by `(tenant_id, property_id)`, and the catalog
 * lists rate plans by `property_id = ANY(...)`. `rate_plans` had indexes by room type only, so each
 * of those reads scanned every rate plan of every tenant (6,000 rows in the bench's catalog,
 * twice per read: about 1.5 ms of Postgres's CPU per request).
 */
export class RatePlansByProperty1764440000000 implements MigrationInterface {
  name = 'RatePlansByProperty1764440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS rate_plans_tenant_property_idx ON rate_plans (tenant_id, property_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS rate_plans_tenant_property_idx`);
  }
}
