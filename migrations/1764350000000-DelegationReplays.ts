import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `jti`s of traveler delegations already spent on a booking (docs/identity.md "Delegation
 * replay"), one row per tenant, issuer and jti until the delegation expires.
 */
export class DelegationReplays1764350000000 implements MigrationInterface {
  name = 'DelegationReplays1764350000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE delegation_jti_uses (
        tenant_id uuid NOT NULL REFERENCES tenants(id),
        iss text NOT NULL,
        jti text NOT NULL CHECK (length(jti) BETWEEN 1 AND 512),
        expires_at timestamptz NOT NULL,
        principal_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        used_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, iss, jti)
      )`);
    await db.query(`CREATE INDEX delegation_jti_uses_expires_idx ON delegation_jti_uses (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE delegation_jti_uses`);
  }
}
