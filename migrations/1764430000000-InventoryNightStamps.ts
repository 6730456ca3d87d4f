import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory nights carry their own change stamp (docs/feeds.md, "Cheap polling"), replacing the
 * statement triggers of migration 1764330000001 that stamped the room type's row on every insert
 * or update of its nights.
 *
 * That parent stamp made every hold, booking, cancellation and expiry of one room type update the
 * same `room_types` row, so concurrent writers of different nights queued on its lock until
 * commit, and each statement rewrote the row and its five index entries (the `updated_at` index
 * makes it a non-HOT update). Now each night's row stamps itself (`feed_stamp_row()`, the row
 * trigger the catalog tables use) and `(tenant_id, updated_at)` makes the tenant's latest night
 * stamp an index probe, as for the other tables. A writer only touches the rows it already locks.
 *
 * Deleting nights (only the cascade of a deleted room type) still stamps the room type, since the
 * deleted rows take their stamps with them.
 */
export class InventoryNightStamps1764430000000 implements MigrationInterface {
  name = 'InventoryNightStamps1764430000000';

  async up(db: QueryRunner): Promise<void> {
    // now() is stable, so the column is added without rewriting the table.
    await db.query(`ALTER TABLE inventory_nights ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await db.query(`DROP TRIGGER inventory_nights_feed_insert ON inventory_nights`);
    await db.query(`DROP TRIGGER inventory_nights_feed_update ON inventory_nights`);
    await db.query(`CREATE TRIGGER inventory_nights_feed_stamp BEFORE INSERT OR UPDATE ON inventory_nights FOR EACH ROW EXECUTE FUNCTION feed_stamp_row()`);
    await db.query(`CREATE INDEX inventory_nights_tenant_updated_idx ON inventory_nights (tenant_id, updated_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX inventory_nights_tenant_updated_idx`);
    await db.query(`DROP TRIGGER inventory_nights_feed_stamp ON inventory_nights`);
    for (const event of ['INSERT', 'UPDATE']) {
      await db.query(
        `CREATE TRIGGER inventory_nights_feed_${event.toLowerCase()} AFTER ${event} ON inventory_nights REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_stamp_room_types()`,
      );
    }
    await db.query(`ALTER TABLE inventory_nights DROP COLUMN updated_at`);
  }
}
