import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SigningKeys } from '@hcs/auth';
import { ReceiptKeyRepository, ReceiptSigner, SigningKeyRepository } from '@hcs/domain';
import { createDataSource } from '../../../libs/persistence/src/data-source';
import { runMigrations } from '../../../libs/persistence/src/migration-runner';
import { loadConfig, masterKey, rowLabel, SecretBox } from '@hcs/platform';
import { MIGRATIONS } from '../../../migrations';
import { createTenant } from '../../support/factories';
import { OwnDatabase, ownDatabase } from '../../support/own-database';
import { runCli } from '../../support/processes';
import { startTestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

const OLD_KEY = 'old master key of the keys-at-rest spec, 32+ chars';
const NEW_KEY = 'new master key of the keys-at-rest spec, 32+ chars';

const receiptSubject = () => ({ tenant_id: randomUUID(), resource_id: randomUUID(), payload: { state: 'confirmed' } });

/** Keys at rest (docs/security.md "Keys at rest"). */
describe('keys at rest', () => {
  jest.setTimeout(120_000);

  it('stores the token-signing private key and receipt keys sealed under the master key, naming their row', async () => {
    const t = await startTestApp();
    try {
      const db = t.app.get(DataSource);
      const signing = await t.app.get(SigningKeys).activeKey('oauth_access_token');
      const active = await t.app.get(SigningKeyRepository).findActive('oauth_access_token');
      expect(active?.kid).toBe(signing.kid);
      const [row] = (await db.query(`SELECT * FROM signing_keys WHERE kid = $1`, [signing.kid])) as Array<Record<string, unknown>>;
      expect(row).not.toHaveProperty('private_jwk');
      expect(String(row!.private_jwk_sealed)).toMatch(/^v2\./);
      expect(String(row!.private_jwk_sealed)).not.toContain(String(active!.privateJwk.d));

      const keyTenant = (await createTenant(t.app)).tenantId;
      const receiptKey = await t.app.get(ReceiptKeyRepository).signingKey(keyTenant);
      const [receiptRow] = await db.query<Array<{ secret: string }>>(`SELECT secret FROM tenant_receipt_keys WHERE tenant_id = $1 AND kid = $2`, [
        keyTenant,
        receiptKey.kid,
      ]);
      expect(receiptRow!.secret).toMatch(/^v2\./);
      expect(receiptRow!.secret).not.toContain(receiptKey.secret);

      // Associated data names the row: the sealed secret of one kid does not open as another's.
      const box = t.app.get(SecretBox);
      expect(box.open(receiptRow!.secret, rowLabel('tenant_receipt_keys', `${keyTenant}:${receiptKey.kid}`))).toBe(receiptKey.secret);
      expect(() => box.open(receiptRow!.secret, rowLabel('tenant_receipt_keys', `${keyTenant}:receipt-v99`))).toThrow();
      // Nor as the same kid of another tenant.
      expect(() => box.open(receiptRow!.secret, rowLabel('tenant_receipt_keys', `${randomUUID()}:${receiptKey.kid}`))).toThrow();
      expect(() => box.open(String(row!.private_jwk_sealed), rowLabel('signing_keys', 'another-kid'))).toThrow();

      const tenant = await createTenant(t.app);
      const created = await t
        .http()
        .post('/v1/admin/webhooks')
        .set('authorization', `Bearer ${tenant.adminKey}`)
        .send({ url: 'http://127.0.0.1:9/x', events: ['booking.confirmed'] });
      const [endpoint] = (await db.query(`SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1`, [created.body.data.id])) as Array<{
        secret_ciphertext: string;
      }>;
      expect(box.open(endpoint!.secret_ciphertext, rowLabel('webhook_endpoints', created.body.data.id))).toBe(created.body.data.secret);
    } finally {
      await t.close();
    }
  });

  it('the migration seals the clear keys a database already has', async () => {
    // Empty: the migrations run here, up to the one under test and then that one.
    const database = await ownDatabase('keys_migration', { migrated: false });
    const url = database.url;
    try {
      const before = createDataSource({ databaseUrl: url, databasePoolSize: 2 });
      before.setOptions({ migrations: MIGRATIONS.filter((m) => m.name !== 'SealKeysAtRest1764421800001') });
      await before.initialize();
      await runMigrations(before);
      const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'the-private-scalar' };
      await before.query(`INSERT INTO signing_keys (kid, purpose, alg, public_jwk, private_jwk) VALUES ('k1', 'oauth_access_token', 'ES256', '{}', $1)`, [
        JSON.stringify(jwk),
      ]);
      await before.query(`INSERT INTO receipt_keys (kid, secret) VALUES ('receipt-v1', 'clear-receipt-secret')`);
      await before.destroy();

      const after = createDataSource({ databaseUrl: url, databasePoolSize: 2 });
      await after.initialize();
      try {
        // The migration reads the master key from the environment, as the processes do (the test env's key here).
        expect(await runMigrations(after)).toEqual(['SealKeysAtRest1764421800001']);
        const box = new SecretBox(loadConfig(process.env));
        const [s] = (await after.query(`SELECT private_jwk_sealed FROM signing_keys WHERE kid = 'k1'`)) as Array<{ private_jwk_sealed: string }>;
        expect(s!.private_jwk_sealed).not.toContain('the-private-scalar');
        expect(JSON.parse(box.open(s!.private_jwk_sealed, rowLabel('signing_keys', 'k1')))).toEqual(jwk);
        const [r] = (await after.query(`SELECT secret FROM receipt_keys WHERE kid = 'receipt-v1'`)) as Array<{ secret: string }>;
        expect(box.open(r!.secret, rowLabel('receipt_keys', 'receipt-v1'))).toBe('clear-receipt-secret');
      } finally {
        await after.destroy();
      }
    } finally {
      await database.drop();
    }
  });

  describe('on a database of its own', () => {
    // Re-keying or retiring keys must not disturb other specs sharing the test database.
    let database: OwnDatabase;
    let url: string;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      database = await ownDatabase('keys_rotation');
      url = database.url;
      receiver = await new WebhookReceiver().start();
    });
    afterAll(async () => {
      await receiver.close();
      await database.drop();
    });

    it('hcs keys rotate-master seals every secret again under the new key; the old key is then not needed', async () => {
      const old = await startTestApp({ DATABASE_URL: url, WEBHOOK_SECRET_KEY: OLD_KEY });
      let receipt: object;
      let receiptTenant: string;
      let kid: string;
      let webhookId: string;
      let adminKey: string;
      try {
        kid = (await old.app.get(SigningKeys).activeKey('oauth_access_token')).kid;
        const tenant = await createTenant(old.app);
        receiptTenant = tenant.tenantId;
        receipt = await old.app.get(ReceiptSigner).sign(tenant.tenantId, 'booking_confirmed', receiptSubject() as never);
        adminKey = tenant.adminKey;
        const created = await old
          .http()
          .post('/v1/admin/webhooks')
          .set('authorization', `Bearer ${adminKey}`)
          .send({ url: receiver.url('/rekeyed'), events: ['booking.confirmed'] });
        expect(created.status).toBe(201);
        webhookId = created.body.data.id;
      } finally {
        await old.close();
      }

      // A wrong previous key opens nothing: all or nothing, no row changed.
      const wrong = await runCli(['keys', 'rotate-master', '--json'], {
        DATABASE_URL: url,
        WEBHOOK_SECRET_KEY: NEW_KEY,
        WEBHOOK_SECRET_KEY_PREVIOUS: 'not the old key at all, but 32+ characters',
      });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/open under neither .* nothing was changed/);

      const res = await runCli(['keys', 'rotate-master', '--json'], { DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY, WEBHOOK_SECRET_KEY_PREVIOUS: OLD_KEY });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const report = JSON.parse(res.stdout) as { resealed: Record<string, number>; already_current: number };
      expect(report.resealed['webhook_endpoints.secret_ciphertext']).toBe(1);
      expect(report.resealed['signing_keys.private_jwk_sealed']).toBeGreaterThanOrEqual(1);
      expect(report.resealed['tenant_receipt_keys.secret']).toBeGreaterThanOrEqual(1);
      const again = JSON.parse((await runCli(['keys', 'rotate-master', '--json'], { DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY })).stdout);
      expect(Object.values(again.resealed as Record<string, number>).every((n) => n === 0)).toBe(true);

      const newId = masterKey(NEW_KEY).id;
      const check = new DataSource({ type: 'postgres', url });
      await check.initialize();
      const sealed = (await check.query(
        `SELECT secret AS s FROM receipt_keys UNION ALL SELECT secret FROM tenant_receipt_keys UNION ALL SELECT private_jwk_sealed FROM signing_keys UNION ALL SELECT secret_ciphertext FROM webhook_endpoints`,
      )) as Array<{ s: string }>;
      await check.destroy();
      expect(sealed.every((r) => r.s.startsWith(`v2.${newId}.`))).toBe(true);

      // Only the new key configured: everything still reads.
      const fresh = await startTestApp({ DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY });
      try {
        expect((await fresh.app.get(SigningKeys).activeKey('oauth_access_token')).kid).toBe(kid);
        await expect(fresh.app.get(ReceiptSigner).verify(receiptTenant!, receipt)).resolves.toEqual({ valid: true });
        const ping = await fresh.http().post(`/v1/admin/webhooks/${webhookId}/test`).set('authorization', `Bearer ${adminKey}`);
        expect(ping.status).toBe(200);
        expect(receiver.at('/rekeyed')).toHaveLength(1);
      } finally {
        await fresh.close();
      }
      // The old key alone opens nothing any more.
      const stale = await startTestApp({ DATABASE_URL: url, WEBHOOK_SECRET_KEY: OLD_KEY });
      try {
        await expect(stale.app.get(SigningKeyRepository).findActive('oauth_access_token')).rejects.toThrow(/not configured/);
      } finally {
        await stale.close().catch(() => undefined);
      }
    });

    it('hcs keys reseal seals v1 values again, after which SECRETS_REFUSE_V1 refuses v1 and reads every stored secret', async () => {
      const db = new DataSource({ type: 'postgres', url });
      await db.initialize();
      try {
        // A webhook secret as the service sealed it before associated data (v1), under the current key.
        const [{ id }] = await db.query<Array<{ id: string }>>(`SELECT id FROM webhook_endpoints ORDER BY created_at LIMIT 1`);
        const key = createHash('sha256').update(NEW_KEY, 'utf8').digest();
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', key, iv);
        const data = Buffer.concat([cipher.update('whsec_from_v1', 'utf8'), cipher.final()]);
        const v1 = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
        await db.query(`UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1`, [id, v1]);
        const strict = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: NEW_KEY, SECRETS_REFUSE_V1: 'true' }));
        expect(() => strict.open(v1, rowLabel('webhook_endpoints', id))).toThrow(/hcs keys reseal/);

        const res = await runCli(['keys', 'reseal', '--json'], { DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY });
        expect(res.stderr).toBe('');
        expect(JSON.parse(res.stdout)).toMatchObject({ v1: 1, resealed: { 'webhook_endpoints.secret_ciphertext': 1 } });
        const stored = await db.query<Array<{ t: 'receipt_keys' | 'tenant_receipt_keys' | 'signing_keys' | 'webhook_endpoints'; id: string; s: string }>>(
          `SELECT 'receipt_keys' AS t, kid AS id, secret AS s FROM receipt_keys
           UNION ALL SELECT 'tenant_receipt_keys', tenant_id::text || ':' || kid, secret FROM tenant_receipt_keys
           UNION ALL SELECT 'signing_keys', kid, private_jwk_sealed FROM signing_keys
           UNION ALL SELECT 'webhook_endpoints', id::text, secret_ciphertext FROM webhook_endpoints`,
        );
        expect(stored.every((r) => r.s.startsWith('v2.'))).toBe(true);
        for (const r of stored) expect(() => strict.open(r.s, rowLabel(r.t, r.id))).not.toThrow();
        expect(strict.open(stored.find((r) => r.id === id)!.s, rowLabel('webhook_endpoints', id))).toBe('whsec_from_v1');
      } finally {
        await db.destroy();
      }
    });

    it('hcs receipts retire-key: receipts of the retired kid stop verifying; the last key cannot be retired', async () => {
      const t = await startTestApp({ DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY });
      try {
        const env = { DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY };
        const signer = t.app.get(ReceiptSigner);
        const tenantId = (await createTenant(t.app)).tenantId;
        const first = (await signer.sign(tenantId, 'booking_confirmed', receiptSubject() as never)) as { kid: string };
        const only = await runCli(['receipts', 'retire-key', '--tenant', tenantId, '--kid', first.kid, '--json'], env);
        expect(only.code).toBe(1);
        expect(only.stderr).toMatch(/only unretired receipt key/);

        expect((await runCli(['receipts', 'rotate-key', '--tenant', tenantId, '--json'], env)).code).toBe(0);
        const retired = await runCli(['receipts', 'retire-key', '--tenant', tenantId, '--kid', first.kid, '--json'], env);
        expect(retired.stderr).toBe('');
        expect(JSON.parse(retired.stdout)).toEqual({ kid: first.kid, state: 'retired', picked_up_within_seconds: 30 });
        expect((await runCli(['receipts', 'retire-key', '--tenant', tenantId, '--kid', 'receipt-v404'], env)).code).toBe(1);

        // A process that reads the key now (no cache) refuses the retired kid and signs with the new one.
        const later = await startTestApp({ DATABASE_URL: url, WEBHOOK_SECRET_KEY: NEW_KEY });
        try {
          const laterSigner = later.app.get(ReceiptSigner);
          await expect(laterSigner.verify(tenantId, first)).resolves.toEqual({ valid: false, reason: 'kid_retired' });
          const next = (await laterSigner.sign(tenantId, 'booking_confirmed', receiptSubject() as never)) as { kid: string };
          expect(next.kid).not.toBe(first.kid);
          await expect(laterSigner.verify(tenantId, next)).resolves.toEqual({ valid: true });
        } finally {
          await later.close();
        }
      } finally {
        await t.close();
      }
    });
  });
});
