import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment terms (docs/payments.md): a rate plan's `payment_terms` (jsonb, null = prepay); the
 * payment's kept card (`card_reference`, the provider's name for it, never the token) and its new
 * states; `payment_schedule`, the charges of a booking (its deposit, the balance the worker charges
 * on its due date, a cancellation fee), each with the attempt the worker has claimed; and the
 * sandbox's kept cards (`sandbox_cards`, token fingerprints only).
 */
export class PaymentTerms1764493000000 implements MigrationInterface {
  name = 'PaymentTerms1764493000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rate_plans ADD COLUMN payment_terms jsonb`);
    await db.query(`ALTER TABLE payments ADD COLUMN card_reference text`);
    await db.query(`ALTER TABLE payments DROP CONSTRAINT payments_state_check`);
    await db.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('captured', 'partially_refunded', 'refunded', 'scheduled', 'guaranteed', 'overdue'))`,
    );
    await db.query(`
      CREATE TABLE payment_schedule (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        booking_id uuid NOT NULL,
        payment_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('full', 'deposit', 'balance', 'cancellation_fee')),
        amount bigint NOT NULL CHECK (amount >= 0),
        currency char(3) NOT NULL,
        due_at timestamptz NOT NULL,
        state text NOT NULL CHECK (state IN ('scheduled', 'captured', 'failed', 'cancelled')),
        attempt int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        claimed_until timestamptz,
        provider_reference text,
        last_message text,
        captured_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, id),
        FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings(tenant_id, id),
        FOREIGN KEY (tenant_id, payment_id) REFERENCES payments(tenant_id, id)
      )`);
    await db.query(`CREATE INDEX payment_schedule_payment_idx ON payment_schedule (tenant_id, payment_id)`);
    // The worker's sweep: entries still to charge, by when they are next due (or when a claim lapses).
    await db.query(`CREATE INDEX payment_schedule_due_idx ON payment_schedule (next_attempt_at) WHERE state = 'scheduled'`);
    await db.query(`
      CREATE TABLE sandbox_cards (
        tenant_id uuid NOT NULL,
        card_reference text NOT NULL,
        token_fingerprint text NOT NULL,
        off_session_declines boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, card_reference)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sandbox_cards`);
    await db.query(`DROP TABLE payment_schedule`);
    await db.query(`ALTER TABLE payments DROP CONSTRAINT payments_state_check`);
    await db.query(`ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('captured', 'partially_refunded', 'refunded'))`);
    await db.query(`ALTER TABLE payments DROP COLUMN card_reference`);
    await db.query(`ALTER TABLE rate_plans DROP COLUMN payment_terms`);
  }
}
