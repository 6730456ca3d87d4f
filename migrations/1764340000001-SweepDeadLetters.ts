import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-row failure bookkeeping for the worker's sweeps (docs/operations-faults.md): a hold the expiry
 * sweep cannot expire, or a stranded payment attempt the recovery sweep cannot finish, counts its
 * failed attempts and keeps the last error; after too many it is dead-lettered (skipped by later
 * sweeps until an operator clears the mark), so one bad row never blocks the rows behind it.
 */
export class SweepDeadLetters1764340000001 implements MigrationInterface {
  name = 'SweepDeadLetters1764340000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE holds ADD COLUMN expiry_attempts integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE holds ADD COLUMN expiry_last_error text`);
    await db.query(`ALTER TABLE holds ADD COLUMN expiry_dead_lettered_at timestamptz`);
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN recovery_attempts integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN recovery_last_error text`);
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN recovery_dead_lettered_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN recovery_dead_lettered_at`);
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN recovery_last_error`);
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN recovery_attempts`);
    await db.query(`ALTER TABLE holds DROP COLUMN expiry_dead_lettered_at`);
    await db.query(`ALTER TABLE holds DROP COLUMN expiry_last_error`);
    await db.query(`ALTER TABLE holds DROP COLUMN expiry_attempts`);
  }
}
