import { ReceiptKeyRepository } from '@hcs/domain';
import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, createChainAgent, createChainCatalog, travelerDelegation } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/receipts/verify', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let receipt: Record<string, unknown>;
  let tenantId: string;

  beforeAll(async () => {
    t = await startTestApp({});
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId);
    ({ receipt } = await bookStay(t, agent, catalog, await travelerDelegation(t.app, tenantId, 'r'), {
      start: 5,
      nights: 1,
      adults: 1,
      key: 'receipt-booking',
    }));
  });
  afterAll(() => t.close());

  const verify = (r: unknown) => t.http().post('/v1/receipts/verify').set('authorization', `Bearer ${agent.apiKey}`).send({ receipt: r });

  it('accepts a genuine receipt', async () => {
    const res = await verify(receipt);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ valid: true });
  });

  it('catches a change to any field', async () => {
    const subject = receipt.subject as Record<string, string | number>;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...receipt, subject: { ...subject, total_amount: Number(subject.total_amount) - 1 } }, 'payload_hash_mismatch'],
      [{ ...receipt, subject: { ...subject, extra: 'x' } }, 'payload_hash_mismatch'],
      [{ ...receipt, payload_hash: `sha256:${'0'.repeat(64)}` }, 'payload_hash_mismatch'],
      [{ ...receipt, kind: 'refund_issued' }, 'signature_mismatch'],
      [{ ...receipt, issuer: 'https://evil.example' }, 'signature_mismatch'],
      [{ ...receipt, issued_at: '2000-01-01T00:00:00.000Z' }, 'signature_mismatch'],
      [{ ...receipt, algorithm: 'HS512' }, 'signature_mismatch'],
      [{ ...receipt, signature: `${String(receipt.signature).slice(0, -1)}${String(receipt.signature).endsWith('A') ? 'B' : 'A'}` }, 'signature_mismatch'],
      [{ ...receipt, kid: 'receipt-v999' }, 'unknown_kid'],
    ];
    for (const [tampered, reason] of cases) {
      const res = await verify(tampered);
      expect(res.body.data).toEqual({ valid: false, reason });
    }
  });

  it('keeps verifying old receipts after a key rotation, and signs with the new key', async () => {
    const rotated = await t.app.get(ReceiptKeyRepository).rotate(tenantId);
    expect(rotated.kid).not.toBe('receipt-v1');
    expect((await verify(receipt)).body.data).toEqual({ valid: true });
  });

  it("signs each tenant's receipts with keys of its own: another tenant's credential does not verify them", async () => {
    const otherTenant = (await createTenant(t.app)).tenantId;
    const other = await createChainAgent(t.app, otherTenant);
    const otherCatalog = await createChainCatalog(t.app, otherTenant);
    const { receipt: theirs } = await bookStay(t, other, otherCatalog, await travelerDelegation(t.app, otherTenant, 'r2'), { start: 6, nights: 1, adults: 1 });
    // Both tenants' first key carries the default kid, with secrets of their own.
    expect([receipt.kid, theirs.kid]).toEqual(['receipt-v1', 'receipt-v1']);
    const verifyAs = (who: ChainAgent, r: unknown) => t.http().post('/v1/receipts/verify').set('authorization', `Bearer ${who.apiKey}`).send({ receipt: r });
    expect((await verifyAs(other, theirs)).body.data).toEqual({ valid: true });
    expect((await verifyAs(agent, theirs)).body.data).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect((await verifyAs(other, receipt)).body.data).toEqual({ valid: false, reason: 'signature_mismatch' });
    // A tenant's first key is created once, whoever asks first.
    const fresh = (await createTenant(t.app)).tenantId;
    const keys = t.app.get(ReceiptKeyRepository);
    const firsts = await Promise.all([keys.signingKey(fresh), keys.signingKey(fresh), keys.signingKey(fresh)]);
    expect(new Set(firsts.map((k) => `${k.kid}/${k.secret}`)).size).toBe(1);
    const [mine, yours] = await Promise.all([t.app.get(ReceiptKeyRepository).signingKey(tenantId), t.app.get(ReceiptKeyRepository).signingKey(otherTenant)]);
    expect(mine.secret).not.toBe(yours.secret);
  });

  it('validates the body', async () => {
    const res = await t.http().post('/v1/receipts/verify').set('authorization', `Bearer ${agent.apiKey}`).send({ receipt: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.error.detail.field_errors[0].path).toBe('receipt');
  });
});
