import { randomUUID } from 'node:crypto';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, mintDelegation, registerTestIssuer, TestAgent, TestIssuer, TestTenant } from '../../support/factories';
import { CARD, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, DELEGATION_HEADER, GUEST, quoteAndHold } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/** Issue 11 item 9: delegations must be short-lived, tenant-bound and (per jti) single-use for bookings. */
describe('bounded delegations', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: TestAgent;
  let platform: TestIssuer;
  let own: TestIssuer;

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    platform = await registerTestIssuer(t.app);
    own = await registerTestIssuer(t.app, { tenant });
  });
  afterAll(() => t.close());

  const book = (delegation: string) => t.http().post('/__auth/bookings').set('Authorization', `Bearer ${agent.apiKey}`).set('X-Delegated-User', delegation);
  const expectInvalid = async (delegation: string, detail: Record<string, unknown>) => {
    const res = await book(delegation);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('delegation_invalid');
    expect(res.body.error.detail).toMatchObject(detail);
  };

  it('requires iat', async () => {
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: own, claims: { iat: undefined } }), { reason: 'missing_claim', claim: 'iat' });
  });

  it('caps exp - iat at DELEGATION_MAX_LIFETIME_SECONDS (900 by default)', async () => {
    await book(await mintDelegation(t.app, { sub: 's', issuer: own, ttl: 900 })).expect(201);
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: own, ttl: 901 }), {
      reason: 'expired',
      claim: 'exp',
      lifetime_seconds: 901,
      max_lifetime_seconds: 900,
    });
    // A token issued long ago with a far expiry is refused even though exp is in the future.
    const now = Math.floor(Date.now() / 1000);
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: own, claims: { iat: now - 86_400, exp: now + 60 } }), { reason: 'expired' });
    // iat in the future beyond the clock tolerance.
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: own, claims: { iat: now + 600, exp: now + 900 } }), {
      reason: 'expired',
      claim: 'iat',
    });
  });

  it("refuses a platform issuer's delegation without a tenant binding (missing_claim tenant_id), for any tenant", async () => {
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: platform, claims: { tenant_id: undefined } }), {
      reason: 'missing_claim',
      claim: 'tenant_id',
    });
    await expectInvalid(await mintDelegation(t.app, { sub: 's', claims: { tenant_id: undefined }, issuer: platform }), { claim: 'tenant_id' });
    await book(await mintDelegation(t.app, { sub: 's', issuer: platform, tenantId: tenant.tenantId })).expect(201);
    await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: platform, tenantId: other.tenantId }), { reason: 'audience_mismatch' });
    // The demo issuer (a platform issuer) binds the tenant the factory and `hcs delegation mint` name.
    await book(await mintDelegation(t.app, { sub: 's', tenantId: tenant.tenantId })).expect(201);
  });

  it("accepts a tenant issuer's delegation without tenant_id (the issuer itself is the tenant's)", async () => {
    await book(await mintDelegation(t.app, { sub: 's', issuer: own })).expect(201);
  });

  describe('jti on POST /v1/bookings', () => {
    let chain: ChainAgent;
    let catalog: ChainCatalog;
    let issuer: TestIssuer;

    beforeAll(async () => {
      const chainTenant = await createTenant(t.app);
      chain = await createChainAgent(t.app, chainTenant.tenantId);
      catalog = await createChainCatalog(t.app, chainTenant.tenantId);
      issuer = await registerTestIssuer(t.app, { tenant: chainTenant });
    });

    const confirm = (held: { holdId: string; quoteId: string }, delegation: string, key: string) =>
      t
        .http()
        .post('/v1/bookings')
        .set('authorization', `Bearer ${chain.apiKey}`)
        .set('idempotency-key', key)
        .set(DELEGATION_HEADER, delegation)
        .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD() });

    it('a jti pays for one booking; the same request replayed with its key still gets its stored answer', async () => {
      const delegation = await mintDelegation(t.app, { sub: 'traveler-jti', issuer, jti: randomUUID() });
      const first = await quoteAndHold(t, chain, catalog, { start: 10, nights: 1 });
      const booked = await confirm(first, delegation, 'jti-1');
      expect(booked.status).toBe(201);

      const replay = await confirm(first, delegation, 'jti-1');
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data.booking_id).toBe(booked.body.data.booking_id);

      const second = await quoteAndHold(t, chain, catalog, { start: 12, nights: 1 });
      const reused = await confirm(second, delegation, 'jti-2');
      expect(reused.status).toBe(401);
      expect(reused.body.error).toMatchObject({ code: 'delegation_invalid', detail: { reason: 'expired', jti_reused: true } });
      // Nothing happened to the second hold: it is still held, and a fresh delegation books it.
      const hold = await t.http().get(`/v1/holds/${second.holdId}`).set('authorization', `Bearer ${chain.apiKey}`);
      if (hold.status === 200) expect(hold.body.data.state).toBe('held');
      const fresh = await confirm(second, await mintDelegation(t.app, { sub: 'traveler-jti', issuer, jti: randomUUID() }), 'jti-3');
      expect(fresh.status).toBe(201);
    });

    it('a jti longer than its column (512) is delegation_invalid before any statement; 512 books', async () => {
      const held = await quoteAndHold(t, chain, catalog, { start: 30, nights: 1 });
      const long = await confirm(held, await mintDelegation(t.app, { sub: 'traveler-long-jti', issuer, jti: 'j'.repeat(513) }), 'jti-long');
      expect(long.status).toBe(401);
      expect(long.body.error).toMatchObject({ code: 'delegation_invalid', detail: { reason: 'missing_claim', claim: 'jti', max_length: 512 } });
      // The same refusal on every delegation route (the guard), and the hold is untouched.
      await expectInvalid(await mintDelegation(t.app, { sub: 's', issuer: own, jti: 'j'.repeat(2_000) }), { reason: 'missing_claim', claim: 'jti' });
      const fits = await confirm(held, await mintDelegation(t.app, { sub: 'traveler-long-jti', issuer, jti: 'j'.repeat(512) }), 'jti-fits');
      expect(fits.status).toBe(201);
    });

    it('tokens without a jti are not limited (the issuer chose no replay protection)', async () => {
      const delegation = await mintDelegation(t.app, { sub: 'traveler-nojti', issuer });
      for (const start of [20, 22]) {
        const held = await quoteAndHold(t, chain, catalog, { start, nights: 1 });
        expect((await confirm(held, delegation, `nojti-${start}`)).status).toBe(201);
      }
    });
  });

  // Last: closing a second app in this process disconnects the transactional plugin of the first.
  it('honours a configured lifetime cap', async () => {
    const short = await startTestApp({ DELEGATION_MAX_LIFETIME_SECONDS: '60' }, [AuthProbeModule]);
    try {
      const call = (d: string) => short.http().post('/__auth/bookings').set('Authorization', `Bearer ${agent.apiKey}`).set('X-Delegated-User', d);
      await call(await mintDelegation(t.app, { sub: 's', issuer: own, ttl: 60 })).expect(201);
      const res = await call(await mintDelegation(t.app, { sub: 's', issuer: own, ttl: 61 }));
      expect(res.body.error.detail).toMatchObject({ reason: 'expired', max_lifetime_seconds: 60 });
    } finally {
      await short.close();
    }
  });
});
