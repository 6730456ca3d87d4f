import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { buildUnsignedReceipt, jcs, payloadHash, signReceipt, verifyReceipt } from './receipt-canonical';

const secret = randomBytes(32).toString('base64url');
const subject = { booking_id: '5b0c9a4e-2f9c-4a55-9d0e-7a1e4e3c1f00', tenant_id: 't', total_amount: 30001, currency: 'EUR' };
const receipt = signReceipt(buildUnsignedReceipt('booking_confirmed', 'https://api.example.com', '2027-01-01T00:00:00.000Z', subject, 'receipt-v1'), secret);

describe('receipt canonical form', () => {
  it('hashes the JCS of the subject, whatever the key order', () => {
    const reordered = { currency: 'EUR', total_amount: 30001, tenant_id: 't', booking_id: subject.booking_id };
    expect(payloadHash(reordered)).toBe(receipt.payload_hash);
    expect(receipt.payload_hash).toBe(
      `sha256:${createHash('sha256')
        .update(jcs(subject) as string)
        .digest('hex')}`,
    );
    expect(receipt.payload_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(jcs({ b: 1, a: [2, 'x'] })).toBe('{"a":[2,"x"],"b":1}');
  });

  it('verifies a genuine receipt, including after a JSON round trip', () => {
    expect(verifyReceipt(JSON.parse(JSON.stringify(receipt)), secret)).toEqual({ valid: true });
  });

  it('tells the reasons apart', () => {
    expect(verifyReceipt({ ...receipt, subject: { ...subject, total_amount: 1 } }, secret)).toEqual({ valid: false, reason: 'payload_hash_mismatch' });
    expect(verifyReceipt(receipt, null)).toEqual({ valid: false, reason: 'unknown_kid' });
    expect(verifyReceipt(receipt, randomBytes(32).toString('base64url'))).toEqual({ valid: false, reason: 'signature_mismatch' });
    const { signature: _s, ...unsigned } = receipt;
    expect(verifyReceipt(unsigned, secret)).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('catches any changed character of any string member', () => {
    const json = JSON.stringify(receipt);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: json.length - 1 }), fc.constantFrom('0', '1', 'a', 'Z', '-', '_'), (at, replacement) => {
        if (!/[A-Za-z0-9_-]/.test(json[at]) || json[at] === replacement) return;
        let tampered: Record<string, unknown>;
        try {
          tampered = JSON.parse(json.slice(0, at) + replacement + json.slice(at + 1));
        } catch {
          return;
        }
        if (jcs(tampered) === jcs(receipt)) return;
        expect(verifyReceipt(tampered, secret).valid).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
