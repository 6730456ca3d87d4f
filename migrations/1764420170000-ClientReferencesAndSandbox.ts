import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `client_reference` (docs/booking-chain.md "After a timeout"): one row per agent and reference,
 * claimed by the statement that starts the payment, so two confirmations with the same reference
 * can never both charge; the booking carries the reference too, unique per agent.
 *
 * `sandbox_receiver_down_traces` (docs/sandbox.md): the requests sent with the sandbox scenario
 * `webhook_receiver_down`; the deliveries of the events they wrote fail until replayed.
 */
export class ClientReferencesAndSandbox1764420170000 implements MigrationInterface {
  name = 'ClientReferencesAndSandbox1764420170000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE booking_client_references (
        tenant_id uuid NOT NULL,
        agent_id uuid NOT NULL,
        client_reference text NOT NULL CHECK (client_reference ~ '^[A-Za-z0-9._:-]{1,64}$'),
        hold_id uuid NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'failed')),
        attempt_id uuid,
        idempotency_key text,
        booking_id uuid,
        error_code text,
        error_status int,
        error_detail jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, agent_id, client_reference)
      )`);
    // the booking's statements find the reference by the payment attempt that claimed it
    await db.query(`CREATE INDEX booking_client_references_attempt ON booking_client_references (tenant_id, attempt_id)`);
    await db.query(`ALTER TABLE bookings ADD COLUMN client_reference text`);
    await db.query(`CREATE UNIQUE INDEX bookings_client_reference_key ON bookings (tenant_id, agent_id, client_reference) WHERE client_reference IS NOT NULL`);
    await db.query(`
      CREATE TABLE sandbox_receiver_down_traces (
        tenant_id uuid NOT NULL,
        trace_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, trace_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sandbox_receiver_down_traces`);
    await db.query(`DROP INDEX bookings_client_reference_key`);
    await db.query(`ALTER TABLE bookings DROP COLUMN client_reference`);
    await db.query(`DROP TABLE booking_client_references`);
  }
}
