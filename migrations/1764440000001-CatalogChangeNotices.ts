import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['properties', 'room_types', 'rate_plans', 'policies'];

/**
 * Every committed change to a property, room type, rate plan or policy notifies the channel
 * `catalog_changes` with its tenant id; a `TRUNCATE` notifies `*` (docs/catalog.md, "The property
 * read in memory"). The api keeps the catalog it has read per process and drops a tenant's copies
 * when it hears one; being a trigger, it hears writes from anywhere: use cases, the CLI's seeds,
 * psql. Postgres folds identical notifications of one transaction into one, so a seed of a
 * thousand rows notifies once per tenant.
 */
export class CatalogChangeNotices1764440000001 implements MigrationInterface {
  name = 'CatalogChangeNotices1764440000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalog_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('catalog_changes', '*');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('catalog_changes', OLD.tenant_id::text);
        ELSE
          PERFORM pg_notify('catalog_changes', NEW.tenant_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_catalog_change AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_change_notice()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_catalog_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalog_change_notice()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_catalog_change ON ${table}`);
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_catalog_truncate ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION IF EXISTS catalog_change_notice()`);
  }
}
