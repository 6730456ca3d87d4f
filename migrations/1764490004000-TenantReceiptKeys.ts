import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts per tenant (docs/security.md "Receipt keys per tenant"): each tenant signs with keys of
 * its own, so a receipt of one tenant never verifies under another tenant's credential. The
 * platform-wide `receipt_keys` stay as they are, verify-only, for the receipts they signed.
 */
export class TenantReceiptKeys1764490004000 implements MigrationInterface {
  name = 'TenantReceiptKeys1764490004000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tenant_receipt_keys (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        kid text NOT NULL CHECK (kid ~ '^[A-Za-z0-9._-]{1,64}$'),
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        retired_at timestamptz,
        PRIMARY KEY (tenant_id, kid)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tenant_receipt_keys`);
  }
}
