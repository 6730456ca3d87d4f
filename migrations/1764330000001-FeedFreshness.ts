import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change stamps for the partner feeds' validators (docs/feeds.md, "Cheap polling"): a feed's ETag
 * and Last-Modified come from the latest stamp over the tenant's catalog rows, so a poll that
 * matches is answered without reading rates or inventory.
 *
 * - `updated_at` on room types, rate plans and policies (properties have one already), kept by a
 *   row trigger on every UPDATE.
 * - Per-date rows stamp their parent: a statement trigger on `daily_rates` touches the rate plan,
 *   one on `inventory_nights` touches the room type. Inventory rows themselves get no column and no
 *   index, so the booking chain's counter updates stay HOT; the parent row is touched once per
 *   statement, not per night.
 * - `(tenant_id, updated_at)` indexes make the latest stamp of a tenant an index probe, so a 304
 *   costs four probes whatever the size of the catalog.
 */
export class FeedFreshness1764330000001 implements MigrationInterface {
  name = 'FeedFreshness1764330000001';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['room_types', 'rate_plans', 'policies']) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
      await db.query(`UPDATE ${table} SET updated_at = created_at`);
    }
    await db.query(`
      CREATE FUNCTION feed_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.updated_at := clock_timestamp();
        RETURN NEW;
      END $$`);
    for (const table of ['properties', 'room_types', 'rate_plans', 'policies']) {
      await db.query(`CREATE TRIGGER ${table}_feed_stamp BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION feed_stamp_row()`);
      await db.query(`CREATE INDEX ${table}_tenant_updated_idx ON ${table} (tenant_id, updated_at)`);
    }
    await db.query(`
      CREATE FUNCTION feed_stamp_room_types() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE room_types SET updated_at = clock_timestamp() WHERE id IN (SELECT DISTINCT room_type_id FROM changed_rows);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION feed_stamp_rate_plans() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE rate_plans SET updated_at = clock_timestamp() WHERE id IN (SELECT DISTINCT rate_plan_id FROM changed_rows);
        RETURN NULL;
      END $$`);
    // A trigger with transition tables names one event, so each event has its own trigger.
    for (const [table, fn] of [
      ['inventory_nights', 'feed_stamp_room_types'],
      ['daily_rates', 'feed_stamp_rate_plans'],
    ]) {
      await db.query(
        `CREATE TRIGGER ${table}_feed_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await db.query(
        `CREATE TRIGGER ${table}_feed_update AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await db.query(
        `CREATE TRIGGER ${table}_feed_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['inventory_nights', 'daily_rates']) {
      for (const event of ['insert', 'update', 'delete']) await db.query(`DROP TRIGGER ${table}_feed_${event} ON ${table}`);
    }
    for (const table of ['properties', 'room_types', 'rate_plans', 'policies']) {
      await db.query(`DROP INDEX ${table}_tenant_updated_idx`);
      await db.query(`DROP TRIGGER ${table}_feed_stamp ON ${table}`);
    }
    await db.query(`DROP FUNCTION feed_stamp_rate_plans()`);
    await db.query(`DROP FUNCTION feed_stamp_room_types()`);
    await db.query(`DROP FUNCTION feed_stamp_row()`);
    for (const table of ['policies', 'rate_plans', 'room_types']) await db.query(`ALTER TABLE ${table} DROP COLUMN updated_at`);
  }
}
