import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity and access: asymmetric signing keys (OAuth access tokens, the dev demo delegation
 * issuer) and trusted delegation issuers, platform-wide or per tenant.
 */
export class Identity1763900000000 implements MigrationInterface {
  name = 'Identity1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('oauth_access_token', 'demo_delegation')),
        alg text NOT NULL CHECK (alg IN ('ES256', 'RS256')),
        public_jwk jsonb NOT NULL,
        private_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    // At most one signing key per purpose: processes starting together cannot create two.
    await db.query(`CREATE UNIQUE INDEX signing_keys_one_active_idx ON signing_keys (purpose) WHERE retired_at IS NULL`);
    await db.query(`
      CREATE TABLE delegation_issuers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
        iss text NOT NULL CHECK (length(iss) BETWEEN 1 AND 500),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'revoked')),
        jwks_url text,
        jwks jsonb,
        allowed_audiences text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((jwks_url IS NULL) <> (jwks IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX delegation_issuers_platform_iss_idx ON delegation_issuers (iss) WHERE tenant_id IS NULL`);
    await db.query(`CREATE UNIQUE INDEX delegation_issuers_tenant_iss_idx ON delegation_issuers (tenant_id, iss) WHERE tenant_id IS NOT NULL`);
    await db.query(`CREATE INDEX credentials_tenant_principal_idx ON credentials (tenant_id, principal_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX credentials_tenant_principal_idx`);
    await db.query(`DROP TABLE delegation_issuers`);
    await db.query(`DROP TABLE signing_keys`);
  }
}
