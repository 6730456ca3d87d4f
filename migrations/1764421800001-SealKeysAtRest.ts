import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEVELOPMENT_MASTER_KEY, isSealed, masterKey, MasterKey, masterKeyFromEnv, openWith, rowLabel, sealWith } from '../libs/platform/src/crypto/master-key';

/**
 * Keys at rest (docs/security.md "Keys at rest"): the token-signing private keys and the receipt
 * HMAC keys were stored in clear; they are sealed here under the master key with their row as
 * associated data, and webhook secrets (sealed without associated data, `v1`) are sealed again
 * the same way.
 *
 * The master key comes from the environment the migration runs in, exactly as the processes read
 * it: `WEBHOOK_SECRET_KEY` (required with NODE_ENV=production; the development key otherwise),
 * and `WEBHOOK_SECRET_KEY_PREVIOUS` to open older webhook secrets during a rotation. Run
 * `hcs migrate` with the same environment as the api and worker.
 */
export class SealKeysAtRest1764421800001 implements MigrationInterface {
  name = 'SealKeysAtRest1764421800001';

  private keys(): MasterKey[] {
    const previous = process.env.WEBHOOK_SECRET_KEY_PREVIOUS;
    return [masterKeyFromEnv(process.env), ...(previous ? [masterKey(previous)] : [])];
  }

  async up(db: QueryRunner): Promise<void> {
    const keys = this.keys();
    const current = keys[0]!;
    await db.query(`ALTER TABLE signing_keys ADD COLUMN private_jwk_sealed text`);
    for (const r of (await db.query(`SELECT kid, private_jwk FROM signing_keys`)) as Array<{ kid: string; private_jwk: unknown }>) {
      await db.query(`UPDATE signing_keys SET private_jwk_sealed = $2 WHERE kid = $1`, [
        r.kid,
        sealWith(current, JSON.stringify(r.private_jwk), rowLabel('signing_keys', r.kid)),
      ]);
    }
    await db.query(`ALTER TABLE signing_keys ALTER COLUMN private_jwk_sealed SET NOT NULL, DROP COLUMN private_jwk`);

    for (const r of (await db.query(`SELECT kid, secret FROM receipt_keys`)) as Array<{ kid: string; secret: string }>) {
      if (isSealed(r.secret)) continue;
      await db.query(`UPDATE receipt_keys SET secret = $2 WHERE kid = $1`, [r.kid, sealWith(current, r.secret, rowLabel('receipt_keys', r.kid))]);
    }

    const endpoints = (await db.query(`SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints`)) as Array<{
      id: string;
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
    }>;
    for (const r of endpoints) {
      const label = rowLabel('webhook_endpoints', r.id);
      // A v1 secret no configured key opens was already unreadable: it stays as it is (rotate that endpoint's secret).
      const reseal = (sealed: string | null) => {
        if (!sealed?.startsWith('v1.')) return sealed;
        try {
          return sealWith(current, openWith(keys, sealed, label), label);
        } catch {
          return sealed;
        }
      };
      await db.query(`UPDATE webhook_endpoints SET secret_ciphertext = $2, previous_secret_ciphertext = $3 WHERE id = $1`, [
        r.id,
        reseal(r.secret_ciphertext),
        reseal(r.previous_secret_ciphertext),
      ]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    const keys = this.keys();
    await db.query(`ALTER TABLE signing_keys ADD COLUMN private_jwk jsonb`);
    for (const r of (await db.query(`SELECT kid, private_jwk_sealed FROM signing_keys`)) as Array<{ kid: string; private_jwk_sealed: string }>) {
      await db.query(`UPDATE signing_keys SET private_jwk = $2::jsonb WHERE kid = $1`, [
        r.kid,
        openWith(keys, r.private_jwk_sealed, rowLabel('signing_keys', r.kid)),
      ]);
    }
    await db.query(`ALTER TABLE signing_keys ALTER COLUMN private_jwk SET NOT NULL, DROP COLUMN private_jwk_sealed`);
    for (const r of (await db.query(`SELECT kid, secret FROM receipt_keys`)) as Array<{ kid: string; secret: string }>) {
      if (isSealed(r.secret))
        await db.query(`UPDATE receipt_keys SET secret = $2 WHERE kid = $1`, [r.kid, openWith(keys, r.secret, rowLabel('receipt_keys', r.kid))]);
    }
    // Webhook secrets back to v1 (no associated data), as the code before this migration reads them.
    const v1 = (plain: string) => {
      const key = createHash('sha256')
        .update(process.env.WEBHOOK_SECRET_KEY || DEVELOPMENT_MASTER_KEY, 'utf8')
        .digest();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    };
    const endpoints = (await db.query(`SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints`)) as Array<{
      id: string;
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
    }>;
    for (const r of endpoints) {
      const label = rowLabel('webhook_endpoints', r.id);
      const back = (sealed: string | null) => (sealed?.startsWith('v2.') ? v1(openWith(keys, sealed, label)) : sealed);
      await db.query(`UPDATE webhook_endpoints SET secret_ciphertext = $2, previous_secret_ciphertext = $3 WHERE id = $1`, [
        r.id,
        back(r.secret_ciphertext),
        back(r.previous_secret_ciphertext),
      ]);
    }
  }
}
