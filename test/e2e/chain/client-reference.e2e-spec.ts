import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { callTool, connectMcp, modernRpc } from '../../support/mcp-client';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

const PAYMENT_TIMEOUT_MS = 700;

/** `client_reference` (docs/booking-chain.md "After a timeout"): one booking per agent reference, looked up forever after. */
describe('client_reference on POST /v1/bookings, GET /v1/bookings?client_reference= and the MCP tools', () => {
  let t: TestApp;
  let base: string;
  let db: DataSource;
  let agent: ChainAgent;
  let otherAgent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let mcp: Client;

  const book = (body: Record<string, unknown>, key: string | null, who: ChainAgent = agent) => {
    let req = t.http().post('/v1/bookings').set('authorization', `Bearer ${who.apiKey}`).set(DELEGATION_HEADER, traveler);
    if (key !== null) req = req.set('idempotency-key', key);
    return req.send(body);
  };
  const body = (ids: { holdId: string; quoteId: string }, extra: Record<string, unknown> = {}, token = 'tok_visa') => ({
    hold_id: ids.holdId,
    quote_id: ids.quoteId,
    guest: GUEST,
    payment: CARD(token),
    ...extra,
  });
  const lookUp = (reference: string, who: ChainAgent = agent) =>
    t.http().get('/v1/bookings').query({ client_reference: reference }).set('authorization', `Bearer ${who.apiKey}`);
  const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params))[0].n);
  const bookingsOfHold = (holdId: string) => count(`SELECT count(*) AS n FROM bookings WHERE hold_id = $1`, [holdId]);
  const chargesOfHold = (holdId: string) =>
    count(`SELECT count(*) AS n FROM sandbox_charges c JOIN payment_attempts a ON a.id::text = c.idempotency_key WHERE a.hold_id = $1`, [holdId]);

  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS) });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    const tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    otherAgent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 50 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'ref-traveler');
    mcp = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await t.close();
  });

  it('a second confirmation with the same reference (another key, or none) answers the first booking: no second charge', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 20 });
    const first = await book(body(ids, { client_reference: 'trip-1:room.A_1' }), 'ref-key-1');
    expect(first.status).toBe(201);
    const again = await book(body(ids, { client_reference: 'trip-1:room.A_1' }), 'ref-key-2');
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.receipt).toEqual(first.body.receipt);
    expect(again.body.next_actions).toEqual(first.body.next_actions);
    const noKey = await book(body(ids, { client_reference: 'trip-1:room.A_1' }), null);
    expect(noKey.status).toBe(201);
    expect(noKey.body.data).toEqual(first.body.data);
    expect(await bookingsOfHold(ids.holdId)).toBe(1);
    expect(await chargesOfHold(ids.holdId)).toBe(1);
    const [{ client_reference }] = await db.query(`SELECT client_reference FROM bookings WHERE hold_id = $1`, [ids.holdId]);
    expect(client_reference).toBe('trip-1:room.A_1');

    const found = await lookUp('trip-1:room.A_1');
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      client_reference: 'trip-1:room.A_1',
      state: 'confirmed',
      hold_id: ids.holdId,
      error_code: null,
      retry_after: null,
    });
    expect(found.body.data.booking).toEqual(first.body.data);
    expect(found.body.receipt).toEqual(first.body.receipt);
    expect(found.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get', 'cancel', 'get_audit']);
  });

  it('confirms without an Idempotency-Key when a client_reference is given; neither is validation_failed', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 21 });
    const neither = await book(body(ids), null);
    expect(neither.status).toBe(400);
    expect(neither.body.error.detail.field_errors).toEqual([expect.objectContaining({ path: 'Idempotency-Key' })]);
    const ok = await book(body(ids, { client_reference: 'no-key-ref' }), null);
    expect(ok.status).toBe(201);
    expect((await lookUp('no-key-ref')).body.data.state).toBe('confirmed');
  });

  it('the same reference on another hold is 409 client_reference_conflict and changes nothing', async () => {
    const a = await quoteAndHold(t, agent, catalog, { start: 22 });
    const b = await quoteAndHold(t, agent, catalog, { start: 22 });
    expect((await book(body(a, { client_reference: 'conflict-ref' }), 'conflict-1')).status).toBe(201);
    const res = await book(body(b, { client_reference: 'conflict-ref' }), 'conflict-2');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('client_reference_conflict');
    expect(res.body.error.detail).toMatchObject({ client_reference: 'conflict-ref', hold_id: b.holdId, client_reference_hold_id: a.holdId });
    const [{ state }] = await db.query(`SELECT state FROM holds WHERE id = $1`, [b.holdId]);
    expect(state).toBe('held');
    expect(await bookingsOfHold(b.holdId)).toBe(0);
    // another agent's reference of the same name is its own
    const other = await quoteAndHold(t, otherAgent, catalog, { start: 22 });
    expect((await book(body(other, { client_reference: 'conflict-ref' }), 'conflict-3', otherAgent)).status).toBe(201);
    expect((await lookUp('conflict-ref', otherAgent)).body.data.hold_id).toBe(other.holdId);
    expect((await lookUp('conflict-ref')).body.data.hold_id).toBe(a.holdId);
  });

  it('refuses bad references with validation_failed, on the confirmation and the lookup', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 23 });
    for (const bad of ['', 'x'.repeat(65), 'has space', 'ünïcode', 'semi;colon', 42]) {
      const res = await book(body(ids, { client_reference: bad }), `bad-${String(bad).length}-${typeof bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.detail.field_errors).toEqual([expect.objectContaining({ path: 'client_reference' })]);
    }
    expect((await lookUp('x'.repeat(64))).status).toBe(404);
    const bad = await lookUp('bad ref');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const missing = await t.http().get('/v1/bookings').set('authorization', `Bearer ${agent.apiKey}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.detail.field_errors[0].path).toBe('client_reference');
    const [{ state }] = await db.query(`SELECT state FROM holds WHERE id = $1`, [ids.holdId]);
    expect(state).toBe('held');
  });

  it('is in the OpenAPI document, the error catalog and the agent card', async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    const query = (doc.paths['/v1/bookings'].get.parameters as Array<{ name: string; in: string; required: boolean }>).find(
      (p) => p.name === 'client_reference',
    );
    expect(query).toMatchObject({ in: 'query', required: true });
    const bodyRef = doc.paths['/v1/bookings'].post.requestBody.content['application/json'].schema.$ref.split('/').pop();
    expect(doc.components.schemas[bodyRef].properties.client_reference).toMatchObject({ maxLength: 64, pattern: '^[A-Za-z0-9._:-]{1,64}$' });
    const catalog = (await t.http().get('/.well-known/errors')).body.errors as Array<{ code: string; status: number }>;
    expect(catalog.find((e) => e.code === 'client_reference_conflict')).toMatchObject({ status: 409 });
    const card = (await t.http().get('/.well-known/agent-card.json')).body;
    expect(card.capabilities.find((c: { id: string }) => c.id === 'find_booking')).toMatchObject({ method: 'GET', href: '/v1/bookings' });
  });

  it('an unknown reference is booking_not_found', async () => {
    const res = await lookUp('never-sent');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('booking_not_found');
    expect(res.body.error.detail).toEqual({ client_reference: 'never-sent' });
  });

  it('a declined payment leaves the reference failed with its code, forever; the same reference answers the same failure', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 24 });
    const res = await book(body(ids, { client_reference: 'declined-ref' }, 'tok_chargeDeclined'), 'declined-1');
    expect(res.status).toBe(402);
    const found = await lookUp('declined-ref');
    expect(found.body.data).toMatchObject({ state: 'failed', error_code: 'payment_failed', booking: null, retry_after: null });
    expect(found.body.data.error_detail).toEqual(res.body.error.detail);
    const again = await book(body(ids, { client_reference: 'declined-ref' }), 'declined-2');
    expect(again.status).toBe(402);
    expect(again.body.error.code).toBe('payment_failed');
    expect(await chargesOfHold(ids.holdId)).toBe(1);
    // the hold is held again: a new reference books it
    expect((await book(body(ids, { client_reference: 'declined-ref-2' }), 'declined-3')).status).toBe(201);
  });

  it('records failures before the payment too (hold_expired), and a provider error may be retried with the same reference', async () => {
    const expired = await quoteAndHold(t, agent, catalog, { start: 25 });
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.holdId]);
    expect((await book(body(expired, { client_reference: 'expired-ref' }), 'expired-1')).status).toBe(410);
    expect((await lookUp('expired-ref')).body.data).toMatchObject({ state: 'failed', error_code: 'hold_expired' });

    const ids = await quoteAndHold(t, agent, catalog, { start: 25 });
    // what the agent can fix is not recorded: the reference stays free for the corrected request
    const mismatch = await book({ ...body(ids, { client_reference: 'provider-ref' }), quote_id: expired.quoteId }, 'provider-0');
    expect(mismatch.body.error.code).toBe('quote_mismatch');
    expect((await lookUp('provider-ref')).status).toBe(404);
    expect((await book(body(ids, { client_reference: 'provider-ref' }, 'tok_providerError'), 'provider-1')).status).toBe(502);
    expect((await lookUp('provider-ref')).body.data).toMatchObject({ state: 'failed', error_code: 'payment_provider_error' });
    const retried = await book(body(ids, { client_reference: 'provider-ref' }), 'provider-2');
    expect(retried.status).toBe(201);
    expect((await lookUp('provider-ref')).body.data).toMatchObject({ state: 'confirmed', booking: { booking_id: retried.body.data.booking_id } });
  });

  it('after payment_timeout the reference is pending with retry_after, then confirmed; a retry with another key waits and answers the booking', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 26 });
    const first = await book(body(ids, { client_reference: 'slow-ref' }, 'tok_timeout'), 'slow-1');
    expect(first.status).toBe(504);
    expect(first.body.error.code).toBe('payment_timeout');
    const pending = await lookUp('slow-ref');
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ state: 'pending', booking: null, error_code: null });
    expect(pending.body.data.retry_after).toBeGreaterThanOrEqual(1);
    expect(pending.body.next_actions[0]).toMatchObject({ rel: 'retry', method: 'GET', href: '/v1/bookings?client_reference=slow-ref' });
    const retry = await book(body(ids, { client_reference: 'slow-ref' }), 'slow-2');
    expect(retry.status).toBe(201);
    const confirmed = await lookUp('slow-ref');
    expect(confirmed.body.data).toMatchObject({ state: 'confirmed', booking: { booking_id: retry.body.data.booking_id } });
    expect(await bookingsOfHold(ids.holdId)).toBe(1);
    expect(await chargesOfHold(ids.holdId)).toBe(1);
  });

  it('concurrent confirmations with the same reference: one booking, one charge, every answer that booking', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 27 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => book(body(ids, { client_reference: 'race-ref' }), i % 2 === 0 ? `race-${i}` : null)));
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data.booking_id)).size).toBe(1);
    expect(await bookingsOfHold(ids.holdId)).toBe(1);
    expect(await chargesOfHold(ids.holdId)).toBe(1);
  });

  it('concurrent confirmations of two holds with the same reference: one booking, the other client_reference_conflict', async () => {
    const a = await quoteAndHold(t, agent, catalog, { start: 28 });
    const b = await quoteAndHold(t, agent, catalog, { start: 28 });
    const answers = await Promise.all([
      book(body(a, { client_reference: 'race-holds' }), 'race-holds-a'),
      book(body(b, { client_reference: 'race-holds' }), 'race-holds-b'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('client_reference_conflict');
    expect((await bookingsOfHold(a.holdId)) + (await bookingsOfHold(b.holdId))).toBe(1);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM payment_attempts WHERE hold_id = ANY($1) AND state = 'succeeded'`, [[a.holdId, b.holdId]]);
    expect(n).toBe(1);
  });

  it('MCP: confirm_booking takes client_reference (idempotency_key optional) and find_booking answers it', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 29 });
    const args = { hold_id: ids.holdId, quote_id: ids.quoteId, guest: GUEST, payment: CARD(), delegation_token: traveler, client_reference: 'mcp-ref' };
    const first = await callTool(mcp, 'confirm_booking', args);
    expect(first.isError).toBe(false);
    const again = await callTool(mcp, 'confirm_booking', { ...args, idempotency_key: 'mcp-ref-key' });
    expect(again.isError).toBe(false);
    expect(again.envelope.data).toEqual(first.envelope.data);
    const found = await callTool(mcp, 'find_booking', { client_reference: 'mcp-ref' });
    expect(found.isError).toBe(false);
    expect(found.envelope.data).toMatchObject({ state: 'confirmed', booking: { booking_id: first.envelope.data.booking_id } });
    expect(await bookingsOfHold(ids.holdId)).toBe(1);

    const other = await quoteAndHold(t, agent, catalog, { start: 29 });
    const conflict = await callTool(mcp, 'confirm_booking', { ...args, hold_id: other.holdId, quote_id: other.quoteId });
    expect(conflict.isError).toBe(true);
    expect(conflict.envelope.error.code).toBe('client_reference_conflict');
    const unknown = await callTool(mcp, 'find_booking', { client_reference: 'mcp-never' });
    expect(unknown.envelope.error.code).toBe('booking_not_found');
    const bad = await callTool(mcp, 'find_booking', { client_reference: 'bad ref' });
    expect(bad.isError).toBe(true);
  });

  it('MCP and REST at once with the same reference: one booking, one charge, every answer that booking', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 31 });
    const args = { hold_id: ids.holdId, quote_id: ids.quoteId, guest: GUEST, payment: CARD(), delegation_token: traveler, client_reference: 'mixed-race' };
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, (_, i) => callTool(mcp, 'confirm_booking', i === 0 ? args : { ...args, idempotency_key: `mixed-mcp-${i}` })),
      ...Array.from({ length: 3 }, (_, i) =>
        book(body(ids, { client_reference: 'mixed-race' }), i === 0 ? null : `mixed-rest-${i}`).then((res) => ({
          isError: res.status !== 201,
          envelope: res.body,
        })),
      ),
    ]);
    expect(answers.filter((a) => a.isError).map((a) => a.envelope)).toEqual([]);
    expect(new Set(answers.map((a) => a.envelope.data.booking_id)).size).toBe(1);
    expect(await bookingsOfHold(ids.holdId)).toBe(1);
    expect(await chargesOfHold(ids.holdId)).toBe(1);
  });

  it('MCP 2026-07-28 (no initialize): confirm_booking with a client_reference, then find_booking', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 32 });
    const call = async (name: string, args: Record<string, unknown>) => {
      const answer = await modernRpc(base, agent.apiKey, 'tools/call', { name, arguments: args });
      expect(answer.status).toBe(200);
      return answer.body.result;
    };
    const args = { hold_id: ids.holdId, quote_id: ids.quoteId, guest: GUEST, payment: CARD(), delegation_token: traveler, client_reference: 'modern-ref' };
    const booked = await call('confirm_booking', args);
    expect(booked.isError).toBeFalsy();
    const again = await call('confirm_booking', { ...args, idempotency_key: 'modern-again' });
    expect(again.structuredContent.data).toEqual(booked.structuredContent.data);
    const found = await call('find_booking', { client_reference: 'modern-ref' });
    expect(found.structuredContent.data).toMatchObject({ state: 'confirmed', booking: { booking_id: booked.structuredContent.data.booking_id } });
    const declined = await quoteAndHold(t, agent, catalog, { start: 32 });
    const failed = await call('confirm_booking', {
      ...args,
      hold_id: declined.holdId,
      quote_id: declined.quoteId,
      client_reference: 'modern-declined',
      sandbox_scenario: 'payment_declined',
    });
    expect(failed.isError).toBe(true);
    expect((await call('find_booking', { client_reference: 'modern-declined' })).structuredContent.data).toMatchObject({
      state: 'failed',
      error_code: 'payment_failed',
    });
  });

  it('MCP: a pending reference after payment_timeout, then confirmed', async () => {
    const ids = await quoteAndHold(t, agent, catalog, { start: 30 });
    const args = {
      hold_id: ids.holdId,
      quote_id: ids.quoteId,
      guest: GUEST,
      payment: CARD('tok_timeout'),
      delegation_token: traveler,
      client_reference: 'mcp-slow',
    };
    const first = await callTool(mcp, 'confirm_booking', args);
    expect(first.envelope.error.code).toBe('payment_timeout');
    const pending = await callTool(mcp, 'find_booking', { client_reference: 'mcp-slow' });
    expect(pending.envelope.data).toMatchObject({ state: 'pending' });
    // the charge lands PAYMENT_TIMEOUT_MS + 2 s after the call, then the booking is written
    const done = await eventually(
      async () => (await callTool(mcp, 'find_booking', { client_reference: 'mcp-slow' })).envelope,
      (e) => e.data?.state === 'confirmed',
      PAYMENT_TIMEOUT_MS + 15_000,
      250,
    );
    expect(done.data.booking.hold_id).toBe(ids.holdId);
    expect(await chargesOfHold(ids.holdId)).toBe(1);
  });
});
