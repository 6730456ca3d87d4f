import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTenant, mintDelegation, registerTestIssuer, TestIssuer, TestTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
} from '../../support/chain-fixtures';
import { failStatementOnce } from '../../support/fail-statement-once';
import { startTestApp, TestApp } from '../../support/test-app';

/** Issue 11 item 13: the smaller holes, each with its test. */
describe('smaller security fixes', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let db: DataSource;
  const bearer = () => ({ authorization: `Bearer ${agent.apiKey}` });

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const quoteBody = () => ({
    hotel_id: catalog.propertyId,
    room_type_id: catalog.roomTypeId,
    rate_plan_id: catalog.freePlanId,
    stay: { check_in: daysFromToday(30), check_out: daysFromToday(31) },
    guests: { adults: 1 },
  });

  it('quotes of an unpromoted property are property_not_found, like its public reads', async () => {
    await db.query(`UPDATE properties SET promoted_at = NULL WHERE id = $1`, [catalog.propertyId]);
    try {
      const res = await t.http().post('/v1/quotes').set(bearer()).send(quoteBody());
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'property_not_found', detail: { hotel_id: catalog.propertyId } });
    } finally {
      await db.query(`UPDATE properties SET promoted_at = now() WHERE id = $1`, [catalog.propertyId]);
    }
    await t.http().post('/v1/quotes').set(bearer()).send(quoteBody()).expect(201);
  });

  it('a tenant issuer may not take the iss of a platform issuer', async () => {
    const platform = await registerTestIssuer(t.app);
    const res = await t
      .http()
      .post('/v1/admin/delegation-issuers')
      .set('authorization', `Bearer ${tenant.adminKey}`)
      .send({ iss: platform.iss, name: 'shadow', jwks: platform.jwks, allowed_audiences: [t.config.delegationAudience] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.detail.field_errors).toEqual([{ path: 'iss', message: expect.stringContaining('platform issuer') }]);
  });

  it('allocation_failed never echoes database text: a fixed reason, the cause logged', async () => {
    // The reservation statement fails with database text that must never reach the caller.
    const fault = failStatementOnce(
      t.app,
      'INSERT INTO inventory_nights AS inv',
      new Error('new row for relation "room_nights" violates check constraint "room_nights_capacity_check"'),
    );
    try {
      const q = await t.http().post('/v1/quotes').set(bearer()).send(quoteBody());
      const res = await t.http().post('/v1/holds').set(bearer()).send({ quote_id: q.body.data.quote_id });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'allocation_failed', detail: { quote_id: q.body.data.quote_id, reason: 'reservation_failed' } });
      expect(JSON.stringify(res.body)).not.toMatch(/room_nights|constraint|relation/);
      expect(fault.fired()).toBe(1);
    } finally {
      fault.restore();
    }
  });

  describe('card tokens', () => {
    const unknownToken = `tok_secret_${randomUUID()}`;
    let traveler: string;

    beforeAll(async () => {
      traveler = await mintDelegation(t.app, { sub: 'card-traveler', tenantId: tenant.tenantId });
    });

    it('an unknown token is never echoed in the answer or the audit log, and is stored only as a SHA-256 fingerprint', async () => {
      const held = await quoteAndHold(t, agent, catalog, { start: 40, nights: 1 });
      const res = await t
        .http()
        .post('/v1/bookings')
        .set(bearer())
        .set('idempotency-key', `card-${held.holdId}`)
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD(unknownToken) });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('payment_failed');
      expect(JSON.stringify(res.body)).not.toContain(unknownToken);

      const audit = (await db.query(`SELECT data::text AS data FROM audit_events WHERE hold_id = $1`, [held.holdId])) as Array<{ data: string }>;
      expect(audit.length).toBeGreaterThan(0);
      for (const row of audit) expect(row.data).not.toContain(unknownToken);

      const attempts = (await db.query(`SELECT provider_token, provider_token_fingerprint FROM payment_attempts WHERE hold_id = $1`, [held.holdId])) as Array<{
        provider_token: string | null;
        provider_token_fingerprint: string;
      }>;
      const { createHash } = await import('node:crypto');
      const digest = createHash('sha256').update(unknownToken).digest('hex');
      expect(attempts).toEqual([{ provider_token: null, provider_token_fingerprint: digest }]);
      const ledger = (await db.query(`SELECT * FROM sandbox_charges WHERE tenant_id = $1`, [tenant.tenantId])) as Array<Record<string, unknown>>;
      expect(JSON.stringify(ledger)).not.toContain(unknownToken);
      expect(ledger.map((r) => r.token_fingerprint)).toContain(digest);
    });
  });

  describe('booking authorizations name the traveler by iss and sub', () => {
    let limited: ChainAgent;
    let mine: TestIssuer;
    let other: TestIssuer;

    beforeAll(async () => {
      limited = await createChainAgent(t.app, tenant.tenantId, { bookingLimit: { amount: 1, currency: 'EUR' } });
      mine = await registerTestIssuer(t.app, { tenant });
      other = await registerTestIssuer(t.app, { tenant });
    });

    const authorize = (travelerIss: string) =>
      t
        .http()
        .post('/v1/admin/booking-authorizations')
        .set('authorization', `Bearer ${tenant.adminKey}`)
        .send({
          agent_id: limited.agentId,
          max_amount: { amount: 10_000_000, currency: 'EUR' },
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          traveler_sub: 'alice',
          traveler_iss: travelerIss,
        });
    const book = (held: { holdId: string; quoteId: string }, authorizationId: string, delegation: string, key: string) =>
      t
        .http()
        .post('/v1/bookings')
        .set('authorization', `Bearer ${limited.apiKey}`)
        .set('idempotency-key', key)
        .set(DELEGATION_HEADER, delegation)
        .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD(), booking_authorization_id: authorizationId });

    it("refuses the same sub from another issuer (other_traveler) and accepts the named one's", async () => {
      const created = await authorize(mine.iss);
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ traveler_sub: 'alice', traveler_iss: mine.iss });
      const id = created.body.data.booking_authorization_id as string;
      const held = await quoteAndHold(t, limited, catalog, { start: 50, nights: 1, adults: 1 });
      const impostor = await book(held, id, await mintDelegation(t.app, { sub: 'alice', issuer: other }), 'auth-impostor');
      expect(impostor.status).toBe(409);
      expect(impostor.body.error).toMatchObject({ code: 'booking_authorization_invalid', detail: { reason: 'other_traveler' } });
      const genuine = await book(held, id, await mintDelegation(t.app, { sub: 'alice', issuer: mine }), 'auth-genuine');
      expect(genuine.status).toBe(201);
    });
  });
});
