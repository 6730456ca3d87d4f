import { MigrationInterface, QueryRunner } from 'typeorm';

const EVENTS = [
  ['insert', 'INSERT', 'NEW'],
  ['update', 'UPDATE', 'NEW'],
  ['delete', 'DELETE', 'OLD'],
] as const;

/**
 * Committed changes to daily rates notify `catalog_changes` with their tenant id, as changes to
 * properties, room types, rate plans and policies already do (migration
 * 1764440000001-CatalogChangeNotices): the api prices quotes from the catalog and daily rates it
 * keeps in memory (docs/catalog.md, "Quotes priced from memory"). One notification per tenant and
 * statement, from statement-level triggers over the statement's changed rows, so an ARI load of
 * 90,000 nights costs one notification, not a trigger call per row. A `TRUNCATE` notifies `*`.
 */
export class DailyRateChangeNotices1764450000001 implements MigrationInterface {
  name = 'DailyRateChangeNotices1764450000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_rows_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalog_changes', t.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM changed_rows) t;
        RETURN NULL;
      END $$`);
    for (const [name, event, side] of EVENTS) {
      await queryRunner.query(
        `CREATE TRIGGER daily_rates_catalog_${name} AFTER ${event} ON daily_rates REFERENCING ${side} TABLE AS changed_rows
         FOR EACH STATEMENT EXECUTE FUNCTION catalog_rows_change_notice()`,
      );
    }
    await queryRunner.query(
      `CREATE TRIGGER daily_rates_catalog_truncate AFTER TRUNCATE ON daily_rates FOR EACH STATEMENT EXECUTE FUNCTION catalog_change_notice()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of EVENTS) await queryRunner.query(`DROP TRIGGER IF EXISTS daily_rates_catalog_${name} ON daily_rates`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS daily_rates_catalog_truncate ON daily_rates`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog_rows_change_notice()`);
  }
}
