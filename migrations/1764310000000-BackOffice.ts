import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back office (docs/back-office.md):
 * - Oversell: a lower allotment is the hotel's fact, so `held + sold` may now exceed `allotment`
 *   after an admin lowers it. The table CHECK `held + sold <= allotment` could not tell that apart
 *   from a hold overbooking, so it becomes a trigger that refuses only what increases `held + sold`
 *   above the allotment (a new hold, a modification taking a night, any INSERT over it): the chain's
 *   conditional UPDATEs stay backed by the database, releases and cancellations on an oversold
 *   night still go through, and the non-negativity CHECKs stay. Same SQLSTATE (23514) as the CHECK.
 * - `oversell_incidents`: one open incident per (room type, night) at most.
 * - `sandbox_refunds`: the sandbox provider's refund ledger, keyed by idempotency key.
 */
export class BackOffice1764310000000 implements MigrationInterface {
  name = 'BackOffice1764310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE inventory_nights DROP CONSTRAINT inventory_within_allotment`);
    await db.query(`
      CREATE FUNCTION inventory_nights_no_overbooking() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.held + NEW.sold > NEW.allotment
           AND (TG_OP = 'INSERT' OR NEW.held + NEW.sold > OLD.held + OLD.sold) THEN
          RAISE EXCEPTION 'held + sold would exceed the allotment of room type % on %', NEW.room_type_id, NEW.night
            USING ERRCODE = 'check_violation', CONSTRAINT = 'inventory_within_allotment';
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER inventory_nights_no_overbooking BEFORE INSERT OR UPDATE ON inventory_nights
        FOR EACH ROW EXECUTE FUNCTION inventory_nights_no_overbooking()`);
    await db.query(`
      CREATE TABLE oversell_incidents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id),
        room_type_id uuid NOT NULL REFERENCES room_types(id),
        night date NOT NULL,
        state text NOT NULL CHECK (state IN ('open', 'resolved')),
        allotment integer NOT NULL,
        held integer NOT NULL,
        sold integer NOT NULL,
        booking_ids uuid[] NOT NULL DEFAULT '{}',
        detected_by text NOT NULL CHECK (detected_by IN ('inventory_change', 'sweep', 'report')),
        opened_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolution_note text,
        resolved_by_kind text CHECK (resolved_by_kind IN ('admin', 'system')),
        resolved_by_id text,
        CHECK ((state = 'resolved') = (resolved_at IS NOT NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX oversell_incidents_one_open ON oversell_incidents (room_type_id, night) WHERE state = 'open'`);
    await db.query(`CREATE INDEX oversell_incidents_list ON oversell_incidents (tenant_id, opened_at DESC, id DESC)`);
    await db.query(`CREATE INDEX oversell_incidents_night ON oversell_incidents (tenant_id, room_type_id, night)`);
    await db.query(`
      CREATE TABLE sandbox_refunds (
        tenant_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        refund_ref text NOT NULL UNIQUE,
        charge_id text NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, idempotency_key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sandbox_refunds`);
    await db.query(`DROP TABLE oversell_incidents`);
    await db.query(`DROP TRIGGER inventory_nights_no_overbooking ON inventory_nights`);
    await db.query(`DROP FUNCTION inventory_nights_no_overbooking`);
    await db.query(`ALTER TABLE inventory_nights ADD CONSTRAINT inventory_within_allotment CHECK (held + sold <= allotment)`);
  }
}
