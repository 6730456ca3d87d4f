import { MigrationInterface, QueryRunner } from 'typeorm';

/** Advisor sessions per tenant, principal and property, with their messages (docs/advisor.md). */
export class AdvisorSessions1764320000001 implements MigrationInterface {
  name = 'AdvisorSessions1764320000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE advisor_sessions (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        principal_id uuid NOT NULL,
        property_id uuid NOT NULL,
        property_slug text NOT NULL,
        property_name text NOT NULL,
        locale text NOT NULL CHECK (locale IN ('en', 'pt', 'es')),
        requested_locale text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        -- Taken by each append in the same UPDATE that locks the row, so concurrent messages get distinct seqs.
        message_count integer NOT NULL DEFAULT 0
      )`);
    await db.query(`CREATE INDEX advisor_sessions_tenant_principal_idx ON advisor_sessions (tenant_id, principal_id)`);
    await db.query(`
      CREATE TABLE advisor_messages (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        session_id uuid NOT NULL REFERENCES advisor_sessions(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        message text NOT NULL,
        grounded_facts jsonb NOT NULL DEFAULT '[]',
        suggestions jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        UNIQUE (session_id, seq)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE advisor_messages`);
    await db.query(`DROP TABLE advisor_sessions`);
  }
}
