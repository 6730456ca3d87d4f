import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tenants, principals with hashed credentials, idempotency records and the transactional outbox. */
export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tenants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE principals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('admin', 'agent')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        scopes text[] NOT NULL DEFAULT '{}',
        booking_limit_amount bigint CHECK (booking_limit_amount >= 0),
        booking_limit_currency char(3),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((booking_limit_amount IS NULL) = (booking_limit_currency IS NULL))
      )`);
    await db.query(`CREATE INDEX principals_tenant_kind_idx ON principals (tenant_id, kind, created_at)`);
    await db.query(`
      CREATE TABLE credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        principal_id uuid NOT NULL REFERENCES principals(id) ON DELETE CASCADE,
        secret_hash text NOT NULL UNIQUE,
        secret_prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_used_at timestamptz
      )`);
    await db.query(`CREATE INDEX credentials_principal_idx ON credentials (principal_id)`);
    await db.query(`
      CREATE TABLE idempotency_records (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        principal_id uuid NOT NULL,
        route text NOT NULL,
        idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
        response_status integer,
        response_body jsonb,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, principal_id, route, idempotency_key)
      )`);
    await db.query(`CREATE INDEX idempotency_records_expires_idx ON idempotency_records (expires_at)`);
    await db.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        type text NOT NULL,
        aggregate_type text NOT NULL,
        aggregate_id uuid NOT NULL,
        payload jsonb NOT NULL,
        trace_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz
      )`);
    await db.query(`CREATE INDEX outbox_events_pending_idx ON outbox_events (created_at) WHERE relayed_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE outbox_events`);
    await db.query(`DROP TABLE idempotency_records`);
    await db.query(`DROP TABLE credentials`);
    await db.query(`DROP TABLE principals`);
    await db.query(`DROP TABLE tenants`);
  }
}
