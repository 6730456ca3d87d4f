import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox's charges that wait for the traveler's authentication (`tok_threeDSecureRequired`,
 * docs/sandbox.md): a `requires_action` state, and a plain index on the charge id, which the
 * authentication page's link names before any tenant is known.
 */
export class SandboxChargeAuthentication1764494001000 implements MigrationInterface {
  name = 'SandboxChargeAuthentication1764494001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sandbox_charges DROP CONSTRAINT sandbox_charges_state_check`);
    await db.query(
      `ALTER TABLE sandbox_charges ADD CONSTRAINT sandbox_charges_state_check CHECK (state IN ('processing', 'requires_action', 'succeeded', 'declined'))`,
    );
    await db.query(`CREATE INDEX sandbox_charges_charge_id_idx ON sandbox_charges (charge_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX sandbox_charges_charge_id_idx`);
    await db.query(`DELETE FROM sandbox_charges WHERE state = 'requires_action'`);
    await db.query(`ALTER TABLE sandbox_charges DROP CONSTRAINT sandbox_charges_state_check`);
    await db.query(`ALTER TABLE sandbox_charges ADD CONSTRAINT sandbox_charges_state_check CHECK (state IN ('processing', 'succeeded', 'declined'))`);
  }
}
