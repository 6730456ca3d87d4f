import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  GUEST,
  inventoryOf,
  quoteAndHold,
  DELEGATION_HEADER,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/** The traveler's delegation JWT (demo issuer), minted once each app is up. */
let TRAVELER = '';

function book(t: TestApp, agent: ChainAgent, body: Record<string, unknown>, key: string | null, who: string | null = TRAVELER) {
  let req = t.http().post('/v1/bookings').set('authorization', `Bearer ${agent.apiKey}`);
  if (key !== null) req = req.set('idempotency-key', key);
  if (who !== null) req = req.set(DELEGATION_HEADER, who);
  return req.send(body);
}

const bookingBody = (ids: { holdId: string; quoteId: string }, token = 'tok_visa', extra: Record<string, unknown> = {}) => ({
  hold_id: ids.holdId,
  quote_id: ids.quoteId,
  guest: GUEST,
  payment: CARD(token),
  ...extra,
});

describe('POST /v1/bookings', () => {
  let t: TestApp;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: '700' });
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-1');
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
  });
  afterAll(() => t.close());

  it('confirms a booking: payment captured, room sold, signed receipt, audit from the quote on', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 10 });
    const res = await book(t, agent, bookingBody(ids), 'book-happy');
    expect(res.status).toBe(201);
    const b = res.body.data;
    expect(b).toMatchObject({
      state: 'confirmed',
      quote_id: ids.quoteId,
      hold_id: ids.holdId,
      property_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay: { check_in: daysFromToday(10), check_out: daysFromToday(12) },
      guests: { adults: 2, children: [] },
      guest: GUEST,
      payment: { state: 'captured', amount: ids.total },
      traveler: { iss: expect.any(String), sub: 'traveler-1' },
      agent_id: agent.agentId,
    });
    expect(b.price_breakdown.total).toEqual(ids.total);
    expect(b.policy_snapshot.cancellation_kind).toBe('free_cancellation');
    expect(res.body.receipt).toMatchObject({
      kind: 'booking_confirmed',
      algorithm: 'HS256',
      kid: expect.stringMatching(/^receipt-v\d+$/),
      subject: { booking_id: b.booking_id, tenant_id: tenantId, total_amount: ids.total.amount, currency: 'EUR' },
    });
    expect(res.body.receipt.payload_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get', 'cancel', 'get_audit']);
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(10) && r.night < daysFromToday(12));
    expect(inv.map((r) => [r.held, r.sold])).toEqual([
      [0, 1],
      [0, 1],
    ]);

    const read = await t.http().get(`/v1/bookings/${b.booking_id}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(b);
    const adminRead = await t.http().get(`/v1/bookings/${b.booking_id}`).set('authorization', `Bearer ${adminKey}`);
    expect(adminRead.status).toBe(200);

    const audit = await t
      .http()
      .get(`/v1/bookings/${b.booking_id}/audit`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(audit.status).toBe(200);
    const items = audit.body.data.items;
    // Confirmation also schedules the guest's pre_arrival and post_stay follow-ups (docs/follow-ups.md).
    expect(items.map((i: { type: string }) => i.type)).toEqual([
      'quote.created',
      'hold.created',
      'booking.confirmed',
      'payment.captured',
      'follow_up.scheduled',
      'follow_up.scheduled',
    ]);
    expect(items.map((i: { seq: number }) => i.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items.slice(4).map((i: { data: { kind: string } }) => i.data.kind)).toEqual(['pre_arrival', 'post_stay']);
    expect(items[0].actor).toEqual({ kind: 'agent', id: agent.agentId });
    expect(items[2].traveler).toEqual(b.traveler);
    for (const item of items) expect(item.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(items[2].trace_id).toBe(res.body.trace_id);
  });

  it('keeps other agents and tenants out', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 13, nights: 1 });
    const booked = await book(t, agent, bookingBody(ids), 'book-private');
    const id = booked.body.data.booking_id;
    const colleague = await createChainAgent(t.app, tenantId);
    const denied = await t.http().get(`/v1/bookings/${id}`).set('authorization', `Bearer ${colleague.apiKey}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('resource_access_denied');
    expect((await t.http().get(`/v1/bookings/${id}/audit`).set('authorization', `Bearer ${colleague.apiKey}`)).body.error.code).toBe('resource_access_denied');
    const other = await createTenant(t.app);
    const outsider = await createChainAgent(t.app, other.tenantId);
    const missing = await t.http().get(`/v1/bookings/${id}`).set('authorization', `Bearer ${outsider.apiKey}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('booking_not_found');
    expect((await book(t, colleague, bookingBody(await quoteAndHold(t, agent, catalog, { start: 14, nights: 1 })), 'k-colleague')).body.error.code).toBe(
      'resource_access_denied',
    );
  });

  it('names every hold problem: not found, quote mismatch, not active', async () => {
    const missing = await book(
      t,
      agent,
      bookingBody({ holdId: '00000000-0000-4000-8000-000000000000', quoteId: '00000000-0000-4000-8000-000000000000' }),
      'k-missing',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('hold_not_found');

    const a = await quoteAndHold(t, agent, catalog, { start: 15, nights: 1 });
    const b = await quoteAndHold(t, agent, catalog, { start: 16, nights: 1 });
    const mismatch = await book(t, agent, bookingBody({ holdId: a.holdId, quoteId: b.quoteId }), 'k-mismatch');
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error.code).toBe('quote_mismatch');

    await t.http().post(`/v1/holds/${b.holdId}/release`).set('authorization', `Bearer ${agent.apiKey}`);
    const released = await book(t, agent, bookingBody(b), 'k-released');
    expect(released.status).toBe(409);
    expect(released.body.error).toMatchObject({ code: 'hold_not_active', detail: { state: 'released' } });

    expect((await book(t, agent, bookingBody(a), 'k-first')).status).toBe(201);
    const converted = await book(t, agent, bookingBody(a), 'k-second');
    expect(converted.status).toBe(409);
    expect(converted.body.error).toMatchObject({ code: 'hold_not_active', detail: { state: 'converted' } });
  });

  it('needs a delegation and an Idempotency-Key, neither stored', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 17, nights: 1 });
    const noTraveler = await book(t, agent, bookingBody(ids), 'k-delegation', null);
    expect(noTraveler.status).toBe(401);
    expect(noTraveler.body.error.code).toBe('delegation_required');
    const noKey = await book(t, agent, bookingBody(ids), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('validation_failed');
    expect(noKey.body.error.detail.field_errors).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
    // the key of the delegation failure was not sealed: it confirms now
    expect((await book(t, agent, bookingBody(ids), 'k-delegation')).status).toBe(201);
  });

  it('seals payment_failed with the provider message, replays it, and leaves the hold usable with a new key', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 18, nights: 1 });
    const declined = await book(t, agent, bookingBody(ids, 'tok_chargeDeclined'), 'k-declined');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'payment_failed', detail: { provider_message: 'Your card was declined.' } });
    const replay = await book(t, agent, bookingBody(ids, 'tok_chargeDeclined'), 'k-declined');
    expect(replay.status).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(declined.body);
    const poor = await book(t, agent, bookingBody(ids, 'tok_insufficientFunds'), 'k-poor');
    expect(poor.body.error.detail.provider_message).toBe('Your card has insufficient funds.');
    const ok = await book(t, agent, bookingBody(ids, 'tok_mastercard'), 'k-retry');
    expect(ok.status).toBe(201);
  });

  it('answers payment_provider_error (502) without sealing it', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 19, nights: 1 });
    const failed = await book(t, agent, bookingBody(ids, 'tok_providerError'), 'k-provider');
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('payment_provider_error');
    const again = await book(t, agent, bookingBody(ids, 'tok_providerError'), 'k-provider');
    expect(again.status).toBe(502);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers idempotency_conflict for the same key with another body', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 20, nights: 1 });
    expect((await book(t, agent, bookingBody(ids), 'k-conflict')).status).toBe(201);
    const conflict = await book(t, agent, bookingBody(ids, 'tok_mastercard'), 'k-conflict');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
  });

  it('runs 20 concurrent identical bookings with one key once: one booking, identical answers', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 21, nights: 1 });
    const results = await Promise.all(Array.from({ length: 20 }, () => book(t, agent, bookingBody(ids), 'k-storm')));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const bodies = new Set(results.map((r) => JSON.stringify(r.body)));
    expect(bodies.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const db = t.app.get(DataSource);
    expect(await db.query(`SELECT count(*)::int AS n FROM bookings WHERE hold_id = $1`, [ids.holdId])).toEqual([{ n: 1 }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM payment_attempts WHERE hold_id = $1`, [ids.holdId])).toEqual([{ n: 1 }]);
  });

  it('answers payment_timeout (504) in budget, finishes in the background, and a replay gets the confirmed booking; one charge', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 22, nights: 1 });
    const started = Date.now();
    const first = await book(t, agent, bookingBody(ids, 'tok_timeout'), 'k-slow');
    expect(first.status).toBe(504);
    expect(first.body.error.code).toBe('payment_timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    // a new key cannot pay for the same hold a second time meanwhile
    const otherKey = await book(t, agent, bookingBody(ids, 'tok_visa'), 'k-slow-other');
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.error).toMatchObject({ code: 'hold_not_active', detail: { state: 'converting' } });
    // tok_timeout answers after PAYMENT_TIMEOUT_MS + 2 s: a replay now waits for that final outcome
    const replay = await book(t, agent, bookingBody(ids, 'tok_timeout'), 'k-slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2700);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.state).toBe('confirmed');
    expect(replay.body.receipt.kind).toBe('booking_confirmed');
    const db = t.app.get(DataSource);
    expect(await db.query(`SELECT count(*)::int AS n FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.hold_id = $1`, [ids.holdId])).toEqual([
      { n: 1 },
    ]);
    expect(
      await db.query(`SELECT count(*)::int AS n FROM sandbox_charges sc JOIN payment_attempts pa ON pa.id::text = sc.idempotency_key WHERE pa.hold_id = $1`, [
        ids.holdId,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  describe('booking limits and authorizations', () => {
    let limited: ChainAgent;
    beforeAll(async () => {
      limited = await createChainAgent(t.app, tenantId, { bookingLimit: { amount: 10000, currency: 'EUR' } });
    });
    const authorize = (body: Record<string, unknown>, key = adminKey) =>
      t.http().post('/v1/admin/booking-authorizations').set('authorization', `Bearer ${key}`).send(body);
    const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

    it('requires an authorization above the limit and names what is wrong with a bad one', async () => {
      const ids = await quoteAndHold(t, limited, catalog, { start: 24, nights: 1 });
      const required = await book(t, limited, bookingBody(ids), 'k-limit-1');
      expect(required.status).toBe(409);
      expect(required.body.error.code).toBe('authorization_required');

      const small = await authorize({ agent_id: limited.agentId, max_amount: { amount: ids.total.amount - 1, currency: 'EUR' }, expires_at: inAnHour() });
      expect(small.status).toBe(201);
      const forOther = await authorize({ agent_id: agent.agentId, max_amount: { amount: 99999999, currency: 'EUR' }, expires_at: inAnHour() });
      const otherTraveler = await authorize({
        agent_id: limited.agentId,
        max_amount: { amount: 99999999, currency: 'EUR' },
        expires_at: inAnHour(),
        traveler_sub: 'someone-else',
      });
      const shortLived = await authorize({
        agent_id: limited.agentId,
        max_amount: { amount: 99999999, currency: 'EUR' },
        expires_at: new Date(Date.now() + 1000).toISOString(),
      });
      const cases: Array<[string, string]> = [
        [small.body.data.booking_authorization_id, 'amount_too_small'],
        [forOther.body.data.booking_authorization_id, 'other_agent'],
        [otherTraveler.body.data.booking_authorization_id, 'other_traveler'],
        ['00000000-0000-4000-8000-000000000000', 'not_found'],
      ];
      for (const [id, reason] of cases) {
        const res = await book(t, limited, bookingBody(ids, 'tok_visa', { booking_authorization_id: id }), `k-auth-${reason}`);
        expect({ status: res.status, code: res.body.error?.code, reason: res.body.error?.detail?.reason }).toEqual({
          status: 409,
          code: 'booking_authorization_invalid',
          reason,
        });
      }
      await new Promise((r) => setTimeout(r, 1100));
      const expired = await book(
        t,
        limited,
        bookingBody(ids, 'tok_visa', { booking_authorization_id: shortLived.body.data.booking_authorization_id }),
        'k-auth-expired',
      );
      expect(expired.body.error.detail.reason).toBe('expired');
    });

    it('books with a valid authorization, once', async () => {
      const auth = await authorize({
        agent_id: limited.agentId,
        max_amount: { amount: 99999999, currency: 'EUR' },
        expires_at: inAnHour(),
        traveler_sub: 'traveler-1',
      });
      const id = auth.body.data.booking_authorization_id;
      expect(auth.body.data).toMatchObject({
        agent_id: limited.agentId,
        state: 'active',
        traveler_sub: 'traveler-1',
        max_amount: { amount: 99999999, currency: 'EUR' },
      });
      const first = await quoteAndHold(t, limited, catalog, { start: 25, nights: 1 });
      const ok = await book(t, limited, bookingBody(first, 'tok_visa', { booking_authorization_id: id }), 'k-auth-ok');
      expect(ok.status).toBe(201);
      const read = await t.http().get(`/v1/admin/booking-authorizations/${id}`).set('authorization', `Bearer ${adminKey}`);
      expect(read.body.data).toMatchObject({ state: 'used', booking_id: ok.body.data.booking_id });
      const second = await quoteAndHold(t, limited, catalog, { start: 26, nights: 1 });
      const reused = await book(t, limited, bookingBody(second, 'tok_visa', { booking_authorization_id: id }), 'k-auth-reuse');
      expect(reused.body.error).toMatchObject({ code: 'booking_authorization_invalid', detail: { reason: 'used' } });
    });

    it('gives a claimed authorization back when the payment is declined', async () => {
      const auth = await authorize({ agent_id: limited.agentId, max_amount: { amount: 99999999, currency: 'EUR' }, expires_at: inAnHour() });
      const id = auth.body.data.booking_authorization_id;
      const ids = await quoteAndHold(t, limited, catalog, { start: 27, nights: 1 });
      expect((await book(t, limited, bookingBody(ids, 'tok_chargeDeclined', { booking_authorization_id: id }), 'k-auth-declined')).status).toBe(402);
      expect((await book(t, limited, bookingBody(ids, 'tok_visa', { booking_authorization_id: id }), 'k-auth-after-decline')).status).toBe(201);
    });

    it('admin routes: agent_not_found, booking_authorization_not_found, admins only', async () => {
      const unknown = await authorize({ agent_id: '00000000-0000-4000-8000-000000000000', max_amount: { amount: 1, currency: 'EUR' }, expires_at: inAnHour() });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('agent_not_found');
      const missing = await t.http().get('/v1/admin/booking-authorizations/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${adminKey}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('booking_authorization_not_found');
      const byAgent = await authorize({ agent_id: limited.agentId, max_amount: { amount: 1, currency: 'EUR' }, expires_at: inAnHour() }, agent.apiKey);
      expect(byAgent.body.error.code).toBe('principal_kind_not_allowed');
      const past = await authorize({ agent_id: limited.agentId, max_amount: { amount: 1, currency: 'eur' }, expires_at: '2020-01-01T00:00:00Z' });
      expect(past.status).toBe(400);
    });
  });
});

describe('hold expiry on the booking path', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('answers hold_expired (410) after the TTL even without the worker, and returns the room', async () => {
    t = await startTestApp({ HOLD_TTL_SECONDS: '1' });
    const tenantId = (await createTenant(t.app)).tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-1');
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId);
    const ids = await quoteAndHold(t, agent, catalog, { start: 8, nights: 2 });
    await new Promise((r) => setTimeout(r, 1300));
    const res = await book(t, agent, bookingBody(ids), 'k-expired');
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('hold_expired');
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(8) && r.night < daysFromToday(10));
    expect(inv.map((r) => r.held)).toEqual([0, 0]);
    const again = await book(t, agent, bookingBody(ids), 'k-expired-2');
    expect(again.body.error.code).toBe('hold_expired');
  });
});
