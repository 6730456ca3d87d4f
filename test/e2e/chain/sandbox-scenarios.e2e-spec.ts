import type { INestApplicationContext } from '@nestjs/common';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  inventoryOf,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { callTool, connectMcp, Json } from '../../support/mcp-client';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

const PAYMENT_TIMEOUT_MS = 700;
const SCENARIO = 'Sandbox-Scenario';

/** Sandbox scenarios (docs/sandbox.md): each gives its documented failure, with the real failure's effects, over REST and MCP. */
describe('Sandbox-Scenario header and sandbox_scenario argument', () => {
  let t: TestApp;
  let base: string;
  let db: DataSource;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let mcp: Client;
  let day = 40;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS) });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    worker = await createWorkerApp(loadConfig(process.env));
    receiver = await new WebhookReceiver().start();
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 20 });
    traveler = await travelerDelegation(t.app, tenantId, 'sandbox-traveler');
    mcp = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await worker?.close();
    await receiver?.close();
    await t.close();
  });

  const auth = () => ({ authorization: `Bearer ${agent.apiKey}` });
  const quoteBody = (start: number, nights = 2) => ({
    hotel_id: catalog.propertyId,
    room_type_id: catalog.roomTypeId,
    rate_plan_id: catalog.freePlanId,
    stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + nights) },
    guests: { adults: 2 },
  });
  const quote = (start: number, scenario?: string) => {
    const req = t.http().post('/v1/quotes').set(auth());
    return (scenario ? req.set(SCENARIO, scenario) : req).send(quoteBody(start));
  };
  const hold = (quoteId: string, scenario?: string) => {
    const req = t.http().post('/v1/holds').set(auth());
    return (scenario ? req.set(SCENARIO, scenario) : req).send({ quote_id: quoteId });
  };
  const book = (ids: { holdId: string; quoteId: string }, key: string, scenario?: string, extra: Record<string, unknown> = {}) => {
    const req = t.http().post('/v1/bookings').set(auth()).set('idempotency-key', key).set(DELEGATION_HEADER, traveler);
    return (scenario ? req.set(SCENARIO, scenario) : req).send({ hold_id: ids.holdId, quote_id: ids.quoteId, guest: GUEST, payment: CARD(), ...extra });
  };
  const auditTypes = async (holdId: string) =>
    ((await db.query(`SELECT type FROM audit_events WHERE hold_id = $1 ORDER BY id`, [holdId])) as Array<{ type: string }>).map((r) => r.type);
  const outboxTypes = async (aggregateId: string) =>
    ((await db.query(`SELECT type FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at`, [aggregateId])) as Array<{ type: string }>).map(
      (r) => r.type,
    );
  const nightsOf = async (start: number, nights = 2) => {
    const wanted = Array.from({ length: nights }, (_, i) => daysFromToday(start + i));
    return (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => wanted.includes(r.night));
  };

  describe('refusals', () => {
    it('an unknown scenario, or one the operation does not take, is validation_failed and changes nothing', async () => {
      const q = await quote((day += 3));
      for (const [scenario, message] of [
        ['no_such_scenario', /must be one of sold_out, quote_expired/],
        ['payment_declined', /this operation takes sold_out, quote_expired/],
      ] as const) {
        const res = await hold(q.body.data.quote_id, scenario);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.detail.field_errors).toEqual([{ path: SCENARIO, message: expect.stringMatching(message) }]);
      }
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM holds WHERE quote_id = $1`, [q.body.data.quote_id]);
      expect(n).toBe(0);
      const mcpRefused = await callTool(mcp, 'create_hold', { quote_id: q.body.data.quote_id, sandbox_scenario: 'no_such_scenario' });
      expect(mcpRefused.envelope.error).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'sandbox_scenario' }] } });
      const release = await t.http().post(`/v1/holds/${q.body.data.quote_id}/release`).set(auth()).set(SCENARIO, 'sold_out');
      expect(release.body.error.detail.field_errors).toEqual([{ path: SCENARIO, message: 'this operation takes no sandbox scenario' }]);
    });

    it('lists the scenarios in the OpenAPI document and the MCP tool schemas', async () => {
      const doc = (await t.http().get('/openapi.json')).body;
      const header = (path: string, method: string) =>
        (doc.paths[path][method].parameters as Array<{ name: string; in: string; schema: { enum: string[] } }>).find(
          (p) => p.in === 'header' && p.name === SCENARIO,
        );
      expect(header('/v1/holds', 'post')!.schema.enum).toEqual(['sold_out', 'quote_expired']);
      expect(header('/v1/quotes', 'post')!.schema.enum).toEqual(['price_changed']);
      expect(header('/v1/bookings', 'post')!.schema.enum).toEqual([
        'hold_expired',
        'payment_declined',
        'payment_timeout_then_confirmed',
        'webhook_receiver_down',
      ]);
      const { tools } = await mcp.listTools();
      const described = (name: string) => (tools.find((x) => x.name === name)!.inputSchema.properties as Json).sandbox_scenario?.description as string;
      expect(described('confirm_booking')).toMatch(/payment_declined/);
      expect(described('create_hold')).toMatch(/sold_out, quote_expired/);
    });

    it('lets browser clients send the header (CORS preflight of /v1)', async () => {
      const preflight = await t
        .http()
        .options('/v1/holds')
        .set('origin', 'https://agent.example')
        .set('access-control-request-method', 'POST')
        .set('access-control-request-headers', 'authorization, content-type, sandbox-scenario');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-headers']).toContain('Sandbox-Scenario');
      const q = await t
        .http()
        .post('/v1/quotes')
        .set(auth())
        .set('origin', 'https://agent.example')
        .send(quoteBody((day += 3)));
      expect(q.headers['access-control-allow-origin']).toBe('*');
    });
  });

  it('sold_out on a hold: allotment_exhausted with every night, nothing reserved (REST and MCP)', async () => {
    const start = (day += 3);
    const q = await quote(start);
    const before = await nightsOf(start);
    const res = await hold(q.body.data.quote_id, 'sold_out');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'allotment_exhausted',
      detail: { quote_id: q.body.data.quote_id, dates: [daysFromToday(start), daysFromToday(start + 1)] },
    });
    expect(await nightsOf(start)).toEqual(before);
    const viaMcp = await callTool(mcp, 'create_hold', { quote_id: q.body.data.quote_id, sandbox_scenario: 'sold_out' });
    expect(viaMcp.envelope.error).toMatchObject({ code: 'allotment_exhausted', detail: { dates: [daysFromToday(start), daysFromToday(start + 1)] } });
    // without the scenario the room is there
    expect((await hold(q.body.data.quote_id)).status).toBe(201);
  });

  it('quote_expired on a hold: quote_expired (410), and the quote stays expired', async () => {
    const q = await quote((day += 3));
    const res = await hold(q.body.data.quote_id, 'quote_expired');
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({ code: 'quote_expired', detail: { quote_id: q.body.data.quote_id } });
    expect(res.body.error.next_actions[0]).toMatchObject({ rel: 'requote' });
    expect((await hold(q.body.data.quote_id)).body.error.code).toBe('quote_expired');
    const q2 = await quote((day += 3));
    const viaMcp = await callTool(mcp, 'create_hold', { quote_id: q2.body.data.quote_id, sandbox_scenario: 'quote_expired' });
    expect(viaMcp.envelope.error.code).toBe('quote_expired');
  });

  it('price_changed on a requote: every night 10% dearer, stored, held and charged at that price', async () => {
    const start = (day += 3);
    const first = await quote(start);
    const requote = await quote(start, 'price_changed');
    expect(requote.status).toBe(201);
    const nights = (q: Json) => q.body.data.price_breakdown.nights.map((n: { amount: { amount: number } }) => n.amount.amount);
    expect(nights(requote)).toEqual(nights(first).map((a: number) => Math.floor((a * 11 + 5) / 10)));
    expect(requote.body.data.price_breakdown.total.amount).toBeGreaterThan(first.body.data.price_breakdown.total.amount);
    const h = await hold(requote.body.data.quote_id);
    const b = await book({ holdId: h.body.data.hold_id, quoteId: requote.body.data.quote_id }, `price-${h.body.data.hold_id}`);
    expect(b.body.data.payment.amount).toEqual(requote.body.data.price_breakdown.total);
    const viaMcp = await callTool(mcp, 'create_quote', { ...quoteBody(start), sandbox_scenario: 'price_changed' });
    expect(viaMcp.envelope.data.price_breakdown.total).toEqual(requote.body.data.price_breakdown.total);
  });

  it('hold_expired on a booking: hold_expired (410), the hold expired with its rooms back, audit and event hold.expired, nothing charged', async () => {
    const start = (day += 3);
    const ids = await quoteAndHold(t, agent, catalog, { start });
    const heldBefore = (await nightsOf(start)).map((r) => r.held);
    const res = await book(ids, `expired-${ids.holdId}`, 'hold_expired');
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({ code: 'hold_expired', detail: { hold_id: ids.holdId } });
    const [{ state }] = await db.query(`SELECT state FROM holds WHERE id = $1`, [ids.holdId]);
    expect(state).toBe('expired');
    expect((await nightsOf(start)).map((r) => r.held)).toEqual(heldBefore.map((h) => h - 1));
    expect(await auditTypes(ids.holdId)).toEqual(['hold.created', 'hold.expired']);
    expect(await outboxTypes(ids.holdId)).toEqual(['hold.expired']);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM payment_attempts WHERE hold_id = $1`, [ids.holdId]);
    expect(n).toBe(0);
    const other = await quoteAndHold(t, agent, catalog, { start });
    const viaMcp = await callTool(mcp, 'confirm_booking', {
      hold_id: other.holdId,
      quote_id: other.quoteId,
      guest: GUEST,
      payment: CARD(),
      idempotency_key: `expired-${other.holdId}`,
      delegation_token: traveler,
      sandbox_scenario: 'hold_expired',
    });
    expect(viaMcp.envelope.error.code).toBe('hold_expired');
  });

  it('payment_declined: payment_failed (402) with the provider message, audit payment.declined, the hold held again', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: (day += 3) });
    const res = await book(ids, `declined-${ids.holdId}`, 'payment_declined');
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'payment_failed', detail: { hold_id: ids.holdId, provider_message: 'Your card was declined.' } });
    expect(await auditTypes(ids.holdId)).toEqual(['hold.created', 'payment.declined']);
    const [{ state }] = await db.query(`SELECT state FROM holds WHERE id = $1`, [ids.holdId]);
    expect(state).toBe('held');
    // sealed as a real decline: the same key replays it
    const replay = await book(ids, `declined-${ids.holdId}`);
    expect(replay.status).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const viaMcp = await callTool(mcp, 'confirm_booking', {
      hold_id: ids.holdId,
      quote_id: ids.quoteId,
      guest: GUEST,
      payment: CARD(),
      idempotency_key: `declined-mcp-${ids.holdId}`,
      delegation_token: traveler,
      sandbox_scenario: 'payment_declined',
    });
    expect(viaMcp.envelope.error).toMatchObject({ code: 'payment_failed', detail: { provider_message: 'Your card was declined.' } });
  });

  it('payment_timeout_then_confirmed: payment_timeout (504), then the booking lands; a replay with the same key and a client_reference lookup find it', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: (day += 3) });
    const key = `slow-${ids.holdId}`;
    const first = await book(ids, key, 'payment_timeout_then_confirmed', { client_reference: `slow-${ids.holdId}` });
    expect(first.status).toBe(504);
    expect(first.body.error.code).toBe('payment_timeout');
    expect(
      (
        await t
          .http()
          .get('/v1/bookings')
          .query({ client_reference: `slow-${ids.holdId}` })
          .set(auth())
      ).body.data.state,
    ).toBe('pending');
    const replay = await book(ids, key, 'payment_timeout_then_confirmed', { client_reference: `slow-${ids.holdId}` });
    expect(replay.status).toBe(201);
    expect(replay.body.receipt.kind).toBe('booking_confirmed');
    const found = await t
      .http()
      .get('/v1/bookings')
      .query({ client_reference: `slow-${ids.holdId}` })
      .set(auth());
    expect(found.body.data).toMatchObject({ state: 'confirmed', booking: { booking_id: replay.body.data.booking_id } });
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM sandbox_charges c JOIN payment_attempts a ON a.id::text = c.idempotency_key WHERE a.hold_id = $1`,
      [ids.holdId],
    );
    expect(n).toBe(1);

    const other = await quoteAndHold(t, agent, catalog, { start: day });
    const args = {
      hold_id: other.holdId,
      quote_id: other.quoteId,
      guest: GUEST,
      payment: CARD(),
      client_reference: `slow-mcp-${other.holdId}`,
      delegation_token: traveler,
      sandbox_scenario: 'payment_timeout_then_confirmed',
    };
    expect((await callTool(mcp, 'confirm_booking', args)).envelope.error.code).toBe('payment_timeout');
    const done = await eventually(
      async () => (await callTool(mcp, 'find_booking', { client_reference: args.client_reference })).envelope,
      (e) => e.data?.state === 'confirmed',
      PAYMENT_TIMEOUT_MS + 8000,
      250,
    );
    expect(done.data.booking.hold_id).toBe(other.holdId);
  });

  it('webhook_receiver_down: the booking succeeds, its deliveries fail through the schedule to dead, a replay delivers', async () => {
    const ep = await t
      .http()
      .post('/v1/admin/webhooks')
      .set({ authorization: `Bearer ${adminKey}` })
      .send({ url: receiver.url('/down'), events: ['booking.confirmed'], description: 'sandbox receiver down' });
    expect(ep.status).toBe(201);
    const deliveries = async () =>
      (
        await t
          .http()
          .get(`/v1/admin/webhooks/${ep.body.data.id}/deliveries`)
          .set({ authorization: `Bearer ${adminKey}` })
      ).body.data.items as Json[];
    try {
      const ids = await quoteAndHold(t, agent, catalog, { start: (day += 3) });
      const res = await book(ids, `down-${ids.holdId}`, 'webhook_receiver_down');
      expect(res.status).toBe(201);
      const dead = await eventually(deliveries, (items) => items.length === 1 && items[0].state === 'dead', 45_000, 200);
      expect(dead[0].attempts.map((a: Json) => a.status)).toEqual([503, 503, 503]);
      expect(dead[0].last_error).toMatch(/webhook_receiver_down/);
      expect(receiver.at('/down')).toHaveLength(0);
      const replay = await t
        .http()
        .post(`/v1/admin/webhook-deliveries/${dead[0].id}/replay`)
        .set({ authorization: `Bearer ${adminKey}` });
      expect(replay.status).toBeLessThan(300);
      await eventually(deliveries, (items) => items[0].state === 'succeeded', 30_000, 200);
      expect(receiver.at('/down')).toHaveLength(1);
      expect(JSON.parse(receiver.at('/down')[0].body).data.booking_id).toBe(res.body.data.booking_id);

      // over MCP, on a cancel: the same
      const other = await quoteAndHold(t, agent, catalog, { start: day });
      const booked = await book(other, `down-plain-${other.holdId}`);
      await t
        .http()
        .patch(`/v1/admin/webhooks/${ep.body.data.id}`)
        .set({ authorization: `Bearer ${adminKey}` })
        .send({ events: ['booking.cancelled'] });
      const cancelled = await callTool(mcp, 'cancel_booking', {
        booking_id: booked.body.data.booking_id,
        delegation_token: traveler,
        sandbox_scenario: 'webhook_receiver_down',
      });
      expect(cancelled.isError).toBe(false);
      const failed = await eventually(deliveries, (items) => items.some((d) => d.event_type === 'booking.cancelled' && d.attempts.length > 0), 30_000, 200);
      expect(failed.find((d) => d.event_type === 'booking.cancelled').attempts[0]).toMatchObject({ status: 503 });
    } finally {
      await t
        .http()
        .patch(`/v1/admin/webhooks/${ep.body.data.id}`)
        .set({ authorization: `Bearer ${adminKey}` })
        .send({ status: 'disabled' });
    }
  }, 120_000);
  // Last: a second app in this process takes over the transaction host of @Transactional (nestjs-cls).
  it('is refused in production (NODE_ENV=production), even for a known scenario', async () => {
    const audience = 'https://api.hcs.example';
    const prod = await startTestApp({
      NODE_ENV: 'production',
      BASE_URL: audience,
      DELEGATION_AUDIENCE: audience,
      PAYMENTS_SANDBOX: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'false',
      METRICS_TOKEN: 'test-only metrics token',
    });
    try {
      const q = await quote((day += 3));
      const res = await prod.http().post('/v1/holds').set(auth()).set(SCENARIO, 'sold_out').send({ quote_id: q.body.data.quote_id });
      expect(res.status).toBe(400);
      expect(res.body.error.detail.field_errors).toEqual([{ path: SCENARIO, message: 'sandbox scenarios are refused in production' }]);
      const plain = await prod.http().post('/v1/holds').set(auth()).send({ quote_id: q.body.data.quote_id });
      expect(plain.status).toBe(201);
    } finally {
      await prod.close();
    }
  });
});
