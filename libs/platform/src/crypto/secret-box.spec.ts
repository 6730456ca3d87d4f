import { loadConfig } from '../config/app-config';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'k'.repeat(32) }));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('whsec_c2VjcmV0');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed)).toBe('whsec_c2VjcmV0');
    expect(box.seal('whsec_c2VjcmV0')).not.toBe(sealed);
  });

  it('refuses a ciphertext sealed under another key or tampered with', () => {
    const other = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: 'o'.repeat(32) }));
    const sealed = box.seal('whsec_x');
    expect(() => other.open(sealed)).toThrow();
    expect(() => box.open(sealed.slice(0, -2) + 'AA')).toThrow();
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
});
