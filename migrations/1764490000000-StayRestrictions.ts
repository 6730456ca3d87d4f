import { MigrationInterface, QueryRunner } from 'typeorm';

const EVENTS = [
  ['insert', 'INSERT', 'NEW'],
  ['update', 'UPDATE', 'NEW'],
  ['delete', 'DELETE', 'OLD'],
] as const;

/**
 * Stay restrictions of rate plans (docs/catalog.md, "Stay restrictions"), stored as runs: one row
 * per maximal run of consecutive dates of a rate plan with the same nine values, `from_date` to
 * `to_date` inclusive. Runs of a plan never overlap and adjacent runs never carry equal values (the
 * one writing statement keeps both, serialized per plan by a row lock on the rate plan); a date
 * without restrictions has no run. Booleans are `true` or null (false is no restriction).
 *
 * Like daily rates, a statement that changes runs notifies `catalog_changes` once per tenant (kept
 * quote sources and property reads are dropped) and stamps its rate plans' `updated_at` (the ARI
 * feed's validators move), from statement-level triggers.
 */
export class StayRestrictions1764490000000 implements MigrationInterface {
  name = 'StayRestrictions1764490000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stay_restrictions (
        tenant_id uuid NOT NULL,
        rate_plan_id uuid NOT NULL,
        from_date date NOT NULL,
        to_date date NOT NULL,
        min_stay_arrival integer CHECK (min_stay_arrival >= 1),
        max_stay_arrival integer CHECK (max_stay_arrival >= 1),
        min_stay_through integer CHECK (min_stay_through >= 1),
        max_stay_through integer CHECK (max_stay_through >= 1),
        closed_to_arrival boolean CHECK (closed_to_arrival),
        closed_to_departure boolean CHECK (closed_to_departure),
        stop_sell boolean CHECK (stop_sell),
        min_advance_days integer CHECK (min_advance_days >= 0),
        max_advance_days integer CHECK (max_advance_days >= 0),
        PRIMARY KEY (tenant_id, rate_plan_id, from_date),
        FOREIGN KEY (tenant_id, rate_plan_id) REFERENCES rate_plans (tenant_id, id) ON DELETE CASCADE,
        CHECK (to_date >= from_date),
        CHECK (num_nonnulls(min_stay_arrival, max_stay_arrival, min_stay_through, max_stay_through, closed_to_arrival,
                            closed_to_departure, stop_sell, min_advance_days, max_advance_days) > 0)
      )`);
    for (const [name, event, side] of EVENTS) {
      await db.query(
        `CREATE TRIGGER stay_restrictions_catalog_${name} AFTER ${event} ON stay_restrictions REFERENCING ${side} TABLE AS changed_rows
         FOR EACH STATEMENT EXECUTE FUNCTION catalog_rows_change_notice()`,
      );
      await db.query(
        `CREATE TRIGGER stay_restrictions_feed_${name} AFTER ${event} ON stay_restrictions REFERENCING ${side} TABLE AS changed_rows
         FOR EACH STATEMENT EXECUTE FUNCTION feed_stamp_rate_plans()`,
      );
    }
    await db.query(
      `CREATE TRIGGER stay_restrictions_catalog_truncate AFTER TRUNCATE ON stay_restrictions FOR EACH STATEMENT EXECUTE FUNCTION catalog_change_notice()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE stay_restrictions`);
  }
}
