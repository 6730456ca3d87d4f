import { digestsMatch, hashSecret, issueSecret } from './credential-secret';

describe('credential secrets', () => {
  it('issues distinct high-entropy secrets whose hash is not the secret', () => {
    const a = issueSecret('agent');
    const b = issueSecret('agent');
    expect(a.secret).toMatch(/^hcs_agt_[A-Za-z0-9_-]{43}$/);
    expect(a.secret).not.toBe(b.secret);
    expect(a.hash).toBe(hashSecret(a.secret));
    expect(a.hash).not.toContain(a.secret.slice(8));
    expect(a.prefix).toBe(a.secret.slice(0, 12));
  });

  it('compares digests in constant time and rejects different or malformed ones', () => {
    const h = hashSecret('x');
    expect(digestsMatch(h, hashSecret('x'))).toBe(true);
    expect(digestsMatch(h, hashSecret('y'))).toBe(false);
    expect(digestsMatch(h, '')).toBe(false);
  });
});
