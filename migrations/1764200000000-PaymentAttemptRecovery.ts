import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets the worker finish a booking whose api process died between the charge and the booking:
 * the attempt keeps what the booking needs (guest, traveler, agent) and when it last started.
 */
export class PaymentAttemptRecovery1764200000000 implements MigrationInterface {
  name = 'PaymentAttemptRecovery1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN booking_request jsonb`);
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN started_at timestamptz NOT NULL DEFAULT now()`);
    await db.query(`CREATE INDEX payment_attempts_pending_idx ON payment_attempts (started_at) WHERE state = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX payment_attempts_pending_idx`);
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN started_at`);
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN booking_request`);
  }
}
