import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { loadConfig } from '../config/app-config';
import { masterKey, rowLabel } from './master-key';
import { SecretBox } from './secret-box';

const ROW = rowLabel('receipt_keys', 'receipt-v1');

/** A v1 ciphertext as the service wrote webhook secrets before associated data. */
function sealV1(material: string, plaintext: string): string {
  const key = createHash('sha256').update(material, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

describe('SecretBox (docs/security.md "Keys at rest")', () => {
  const box = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'k'.repeat(32) }));

  it('round-trips under the master key with the row as associated data, never storing the plaintext', () => {
    const sealed = box.seal('whsec_c2VjcmV0', ROW);
    expect(sealed).not.toContain('c2VjcmV0');
    expect(sealed).toMatch(new RegExp(`^v2\\.${masterKey('k'.repeat(32)).id}\\.`));
    expect(box.open(sealed, ROW)).toBe('whsec_c2VjcmV0');
    expect(box.seal('whsec_c2VjcmV0', ROW)).not.toBe(sealed);
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('refuses a ciphertext moved to another row, sealed under another key, or tampered with', () => {
    const other = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'o'.repeat(32) }));
    const sealed = box.seal('whsec_x', ROW);
    expect(() => box.open(sealed, rowLabel('receipt_keys', 'receipt-v2'))).toThrow();
    expect(() => box.open(sealed, rowLabel('signing_keys', 'receipt-v1'))).toThrow();
    expect(() => other.open(sealed, ROW)).toThrow(/not configured/);
    // The ciphertext's first character carries six data bits: another one always changes a byte
    // (replacing the last two with 'AA' left it unchanged once in 256 seals).
    const at = sealed.lastIndexOf('.') + 1;
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => box.open(tampered, ROW)).toThrow();
  });

  it('refuses a tag cut short (GCM would accept its prefix): only a 16-byte tag opens, v1 and v2', () => {
    const cut = (sealed: string, tagIndex: number): string => {
      const parts = sealed.split('.');
      parts[tagIndex] = Buffer.from(parts[tagIndex]!, 'base64url').subarray(0, 4).toString('base64url');
      return parts.join('.');
    };
    const sealed = box.seal('whsec_x', ROW);
    expect(() => box.open(cut(sealed, 3), ROW)).toThrow(/tag/);
    const v1 = sealV1('k'.repeat(32), 'whsec_old');
    expect(() => box.open(cut(v1, 2), 'webhook_endpoints:any')).toThrow();
    expect(box.open(sealed, ROW)).toBe('whsec_x');
  });

  it('opens with the previous master key during a rotation and seals only under the new one', () => {
    const old = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'o'.repeat(32) }));
    const rotating = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'n'.repeat(32), WEBHOOK_SECRET_KEY_PREVIOUS: 'o'.repeat(32) }));
    const sealedOld = old.seal('secret', ROW);
    expect(rotating.open(sealedOld, ROW)).toBe('secret');
    expect(rotating.isCurrent(sealedOld)).toBe(false);
    const resealed = rotating.seal('secret', ROW);
    expect(rotating.isCurrent(resealed)).toBe(true);
    expect(() => old.open(resealed, ROW)).toThrow();
    expect(new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'n'.repeat(32) })).open(resealed, ROW)).toBe('secret');
  });

  it('still opens v1 webhook secrets (no associated data) under either key, and counts them as due for resealing', () => {
    const v1 = sealV1('k'.repeat(32), 'whsec_old');
    expect(box.open(v1, 'webhook_endpoints:any')).toBe('whsec_old');
    expect(box.isCurrent(v1)).toBe(false);
    const rotating = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'n'.repeat(32), WEBHOOK_SECRET_KEY_PREVIOUS: 'k'.repeat(32) }));
    expect(rotating.open(v1, 'x')).toBe('whsec_old');
  });

  it('requires WEBHOOK_SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET_KEY/);
    const production = {
      NODE_ENV: 'production',
      BASE_URL: 'https://api.example.com',
      DELEGATION_AUDIENCE: 'https://api.example.com',
      PAYMENTS_SANDBOX: 'true',
      METRICS_TOKEN: 'm'.repeat(16),
    };
    expect(loadConfig({ ...production, WEBHOOK_SECRET_KEY: 'p'.repeat(32) }).webhookSecretKey).toBe('p'.repeat(32));
  });

  it('refuses a v1 value under SECRETS_REFUSE_V1, yet opens it to seal it again', () => {
    const v1 = sealV1('k'.repeat(32), 'whsec_old');
    expect(box.open(v1, 'webhook_endpoints:any')).toBe('whsec_old');
    const strict = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'k'.repeat(32), SECRETS_REFUSE_V1: 'true' }));
    expect(() => strict.open(v1, 'webhook_endpoints:any')).toThrow(/hcs keys reseal/);
    expect(strict.openToReseal(v1, 'webhook_endpoints:any')).toBe('whsec_old');
    const resealed = strict.seal(strict.openToReseal(v1, 'webhook_endpoints:e1'), 'webhook_endpoints:e1');
    expect(strict.open(resealed, 'webhook_endpoints:e1')).toBe('whsec_old');
  });
});
