import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events out of the outbox (docs/events.md): each outbox row carries the sequence of its booking
 * chain and wakes the relay through NOTIFY; webhook endpoints keep their signing secrets encrypted
 * (they are needed to sign, so they cannot be one-way hashed); one delivery per (event, endpoint)
 * with every attempt kept.
 */
export class Webhooks1764300000000 implements MigrationInterface {
  name = 'Webhooks1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_events ADD COLUMN sequence bigint`);
    await db.query(`
      CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_events', '');
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_notify()`);
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        description text,
        status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        disabled_reason text,
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text,
        previous_secret_expires_at timestamptz,
        secret_rotated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await db.query(`CREATE INDEX webhook_endpoints_tenant_idx ON webhook_endpoints (tenant_id, created_at, id)`);
    await db.query(`CREATE INDEX webhook_endpoints_events_idx ON webhook_endpoints USING gin (events) WHERE status = 'enabled'`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_id uuid NOT NULL REFERENCES outbox_events(id) ON DELETE CASCADE,
        event_type text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'in_flight', 'succeeded', 'failed', 'dead')),
        -- a replay starts a new chain of attempts; attempt counts within the chain
        chain int NOT NULL DEFAULT 1,
        attempt int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_status int,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (endpoint_id, event_id)
      )`);
    await db.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (tenant_id, endpoint_id, created_at, id)`);
    await db.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state IN ('pending', 'in_flight')`);
    await db.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        chain int NOT NULL,
        attempt int NOT NULL,
        at timestamptz NOT NULL,
        status int,
        duration_ms int NOT NULL,
        error text
      )`);
    await db.query(`CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_delivery_attempts`);
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhook_endpoints`);
    await db.query(`DROP TRIGGER outbox_events_notify ON outbox_events`);
    await db.query(`DROP FUNCTION outbox_events_notify`);
    await db.query(`ALTER TABLE outbox_events DROP COLUMN sequence`);
  }
}
