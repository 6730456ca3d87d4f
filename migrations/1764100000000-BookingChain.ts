import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The booking chain: quotes (frozen price and policy), holds (reserved inventory with a TTL),
 * bookings, the booking's payment with its attempts and refunds, booking authorizations, the
 * append-only audit timeline, receipt signing keys, and the payment sandbox's own charge ledger.
 *
 * Hold states: held -> converting -> converted | held (payment declined) ; held -> released | expired.
 */
export class BookingChain1764100000000 implements MigrationInterface {
  name = 'BookingChain1764100000000';

  async up(db: QueryRunner): Promise<void> {
    // A replay must be byte-for-byte the first answer: json keeps the stored text (jsonb reorders keys).
    await db.query(`ALTER TABLE idempotency_records ALTER COLUMN response_body TYPE json USING response_body::json`);
    await db.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        agent_id uuid NOT NULL REFERENCES principals(id),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        room_type_id uuid NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
        rate_plan_id uuid NOT NULL REFERENCES rate_plans(id) ON DELETE CASCADE,
        check_in date NOT NULL,
        check_out date NOT NULL CHECK (check_out > check_in),
        guests jsonb NOT NULL,
        currency char(3) NOT NULL,
        total_amount bigint NOT NULL CHECK (total_amount >= 0),
        price_breakdown jsonb NOT NULL,
        policy_snapshot jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX quotes_tenant_agent_idx ON quotes (tenant_id, agent_id, created_at)`);
    await db.query(`
      CREATE TABLE holds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        agent_id uuid NOT NULL REFERENCES principals(id),
        quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
        room_type_id uuid NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
        check_in date NOT NULL,
        check_out date NOT NULL CHECK (check_out > check_in),
        state text NOT NULL CHECK (state IN ('held', 'converting', 'converted', 'released', 'expired')),
        -- the Idempotency-Key of the booking attempt that owns a 'converting' hold
        converting_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CHECK ((state = 'converting') = (converting_key IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX holds_quote_idx ON holds (quote_id)`);
    // The sweep looks for live holds past their TTL (and conversions left behind by a crash).
    await db.query(`CREATE INDEX holds_live_expiry_idx ON holds (expires_at) WHERE state IN ('held', 'converting')`);
    await db.query(`
      CREATE TABLE booking_authorizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        agent_id uuid NOT NULL REFERENCES principals(id),
        max_amount bigint NOT NULL CHECK (max_amount >= 0),
        currency char(3) NOT NULL,
        traveler_sub text,
        expires_at timestamptz NOT NULL,
        created_by uuid NOT NULL REFERENCES principals(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        -- claimed by a booking attempt (hold) while it pays; given back if the payment fails
        claimed_by_hold_id uuid REFERENCES holds(id),
        used_at timestamptz,
        booking_id uuid
      )`);
    await db.query(`
      CREATE TABLE bookings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        agent_id uuid NOT NULL REFERENCES principals(id),
        quote_id uuid NOT NULL REFERENCES quotes(id),
        hold_id uuid NOT NULL UNIQUE REFERENCES holds(id),
        property_id uuid NOT NULL REFERENCES properties(id),
        room_type_id uuid NOT NULL REFERENCES room_types(id),
        rate_plan_id uuid NOT NULL REFERENCES rate_plans(id),
        check_in date NOT NULL,
        check_out date NOT NULL,
        guests jsonb NOT NULL,
        guest jsonb NOT NULL,
        currency char(3) NOT NULL,
        total_amount bigint NOT NULL CHECK (total_amount >= 0),
        price_breakdown jsonb NOT NULL,
        policy_snapshot jsonb NOT NULL,
        traveler_iss text NOT NULL,
        traveler_sub text NOT NULL,
        booking_authorization_id uuid REFERENCES booking_authorizations(id),
        idempotency_key text NOT NULL,
        state text NOT NULL CHECK (state IN ('confirmed', 'cancelled')),
        confirmation_receipt jsonb NOT NULL,
        cancellation jsonb,
        cancellation_receipt jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX bookings_tenant_agent_idx ON bookings (tenant_id, agent_id, created_at)`);
    await db.query(`
      CREATE TABLE payment_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        hold_id uuid NOT NULL REFERENCES holds(id),
        idempotency_key text NOT NULL,
        amount bigint NOT NULL CHECK (amount >= 0),
        currency char(3) NOT NULL,
        method text NOT NULL,
        provider_token text NOT NULL,
        billing_country char(2) NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'declined', 'error')),
        provider_reference text,
        provider_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        UNIQUE (tenant_id, hold_id, idempotency_key)
      )`);
    await db.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        booking_id uuid NOT NULL UNIQUE REFERENCES bookings(id),
        attempt_id uuid NOT NULL UNIQUE REFERENCES payment_attempts(id),
        amount bigint NOT NULL CHECK (amount >= 0),
        currency char(3) NOT NULL,
        refunded_amount bigint NOT NULL DEFAULT 0,
        state text NOT NULL CHECK (state IN ('captured', 'partially_refunded', 'refunded')),
        provider_reference text NOT NULL,
        captured_at timestamptz NOT NULL DEFAULT now(),
        CHECK (refunded_amount BETWEEN 0 AND amount)
      )`);
    await db.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        booking_id uuid NOT NULL REFERENCES bookings(id),
        payment_id uuid NOT NULL REFERENCES payments(id),
        amount bigint NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL,
        state text NOT NULL CHECK (state IN ('succeeded')),
        reason text,
        receipt jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX refunds_booking_idx ON refunds (booking_id)`);
    await db.query(`
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        -- every event of a chain names its quote; hold and booking once they exist
        quote_id uuid NOT NULL,
        hold_id uuid,
        booking_id uuid,
        type text NOT NULL,
        actor_kind text NOT NULL CHECK (actor_kind IN ('agent', 'admin', 'system')),
        actor_id text NOT NULL,
        traveler jsonb,
        trace_id text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await db.query(`CREATE INDEX audit_events_chain_idx ON audit_events (tenant_id, quote_id, id)`);
    // Append-only: the timeline can be added to, never rewritten.
    await db.query(`
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only';
      END $$`);
    await db.query(`CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
    await db.query(`
      CREATE TABLE receipt_keys (
        kid text PRIMARY KEY CHECK (kid ~ '^[A-Za-z0-9._-]{1,64}$'),
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        retired_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE sandbox_charges (
        tenant_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        charge_id text NOT NULL UNIQUE,
        amount bigint NOT NULL,
        currency char(3) NOT NULL,
        token text NOT NULL,
        state text NOT NULL CHECK (state IN ('processing', 'succeeded', 'declined')),
        decline_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (tenant_id, idempotency_key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_records ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`);
    await db.query(`DROP TABLE sandbox_charges`);
    await db.query(`DROP TABLE receipt_keys`);
    await db.query(`DROP TABLE audit_events`);
    await db.query(`DROP FUNCTION audit_events_append_only`);
    for (const table of ['refunds', 'payments', 'payment_attempts', 'bookings', 'booking_authorizations', 'holds', 'quotes']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
