import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { RecoverStrandedPayments } from '@hcs/domain';
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
import { failStatementOnce } from '../../support/fail-statement-once';
import { callTool, connectMcp, MODERN, modernMeta, rawMcpPost } from '../../support/mcp-client';
import { StripeStub } from '../../support/stripe-stub';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * PAYMENT_PROVIDER=stripe end to end: the real api with the official SDK, pointed at a local
 * stand-in of Stripe's API (test/support/stripe-stub.ts), through REST, MCP and the signed webhook.
 */
describe('payments through Stripe', () => {
  const stripe = new StripeStub();
  let t: TestApp;
  let base: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let adminKey: string;
  let mcp: Client;
  let start = 10;

  beforeAll(async () => {
    await stripe.start();
    t = await startTestApp({ ...stripe.env() });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 50 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-stripe');
    mcp = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
    await stripe.stop();
  });

  const db = () => t.app.get(DataSource);
  const held = () => quoteAndHold(t, agent, catalog, { start: (start += 2), nights: 1, adults: 1 });
  const book = (h: { holdId: string; quoteId: string }, token: string, key: string, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', key)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: h.holdId, quote_id: h.quoteId, guest: GUEST, payment: CARD(token), ...extra });
  const deliver = (event: { payload: string; signature: string | null }) => {
    const req = t.http().post('/webhooks/stripe').set('content-type', 'application/json');
    if (event.signature) req.set('stripe-signature', event.signature);
    return req.send(event.payload);
  };
  const holdState = async (holdId: string) => (await db().query(`SELECT state FROM holds WHERE id = $1`, [holdId]))[0].state as string;

  it('books with a PaymentIntent confirmed at once: minor units, lower-case currency, the attempt as idempotency key', async () => {
    const h = await held();
    const res = await book(h, 'pm_card_visa', `ok-${randomUUID()}`);
    expect(res.status).toBe(201);
    expect(res.body.data.state).toBe('confirmed');
    const [attempt] = await db().query(`SELECT id, tenant_id FROM payment_attempts WHERE hold_id = $1`, [h.holdId]);
    const [call] = stripe.calls('POST', '/v1/payment_intents').filter((c) => c.idempotencyKey === attempt.id);
    expect(call.params).toMatchObject({
      amount: String(h.total.amount),
      currency: h.total.currency.toLowerCase(),
      payment_method: 'pm_card_visa',
      confirm: 'true',
      return_url: `${t.config.baseUrl}/payments/stripe/return`,
      metadata: { hcs_tenant_id: attempt.tenant_id, hcs_idempotency_key: attempt.id },
    });
    const [payment] = await db().query(`SELECT provider_reference FROM payments WHERE booking_id = $1`, [res.body.data.booking_id]);
    expect(stripe.intents.get(payment.provider_reference)).toMatchObject({ status: 'succeeded', amount: h.total.amount });
  });

  it('answers a decline as payment_failed with the decline code, and gives the hold back', async () => {
    const h = await held();
    const res = await book(h, 'pm_card_chargeDeclinedInsufficientFunds', `declined-${randomUUID()}`);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      code: 'payment_failed',
      detail: { hold_id: h.holdId, provider_message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' },
    });
    expect(await holdState(h.holdId)).toBe('held');
    const generic = await book(h, 'pm_card_chargeDeclined', `declined-${randomUUID()}`);
    expect(generic.body.error.detail).toMatchObject({ decline_code: 'generic_decline' });
  });

  it("answers the provider's 500 as payment_provider_error, charging nothing; a retry with the same key books", async () => {
    const h = await held();
    const key = `p500-${randomUUID()}`;
    stripe.failNext(1);
    const res = await book(h, 'pm_card_visa', key);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('payment_provider_error');
    expect(res.body.error.detail.provider_message).toBe('The payment provider had an internal error.');
    expect(await holdState(h.holdId)).toBe('held');
    const retried = await book(h, 'pm_card_visa', key);
    expect(retried.status).toBe(201);
    const [attempt] = await db().query(`SELECT id FROM payment_attempts WHERE hold_id = $1`, [h.holdId]);
    expect([...stripe.intents.values()].filter((i) => (i.metadata as Record<string, string>).hcs_idempotency_key === attempt.id)).toHaveLength(1);
  });

  it('refunds once when the refund is retried after the provider refunded but before our commit', async () => {
    const h = await held();
    const booked = await book(h, 'pm_card_visa', `refund-${randomUUID()}`);
    const bookingId = booked.body.data.booking_id;
    const refund = () => t.http().post(`/v1/admin/bookings/${bookingId}/refunds`).set('authorization', `Bearer ${adminKey}`).send({ amount: 1000 });
    const crash = failStatementOnce(t.app, 'INSERT INTO refunds', new Error('the process died before the commit'));
    try {
      expect((await refund()).status).toBe(500);
      expect(crash.fired()).toBe(1);
    } finally {
      crash.restore();
    }
    expect((await refund()).status).toBe(201);
    const [payment] = await db().query(`SELECT id, provider_reference, refunded_amount::int AS refunded FROM payments WHERE booking_id = $1`, [bookingId]);
    const calls = stripe.calls('POST', '/v1/refunds').filter((c) => c.params.payment_intent === payment.provider_reference);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`refund:${payment.id}:0:1000`, `refund:${payment.id}:0:1000`]);
    expect(stripe.intents.get(payment.provider_reference)?.amount_refunded).toBe(1000);
    expect(payment.refunded).toBe(1000);
    // The next refund moves on to a key of its own.
    expect((await refund()).status).toBe(201);
    expect(stripe.intents.get(payment.provider_reference)?.amount_refunded).toBe(2000);
  });

  it('SCA: 402 payment_action_required with the action_url, the same on replay; the signed webhook settles it; the replay confirms', async () => {
    const h = await held();
    const key = `sca-${randomUUID()}`;
    const reference = `ref-${randomUUID()}`;
    const first = await book(h, 'pm_card_authenticationRequired', key, { client_reference: reference });
    expect(first.status).toBe(402);
    expect(first.body.error).toMatchObject({
      code: 'payment_action_required',
      detail: { hold_id: h.holdId, action_url: expect.stringMatching(new RegExp(`^${stripe.url}/3ds/pi_`)), replay_with_same_idempotency_key: true },
      retry_after: expect.any(Number),
    });
    const intentId = (first.body.error.detail.action_url as string).split('/').pop() as string;
    expect(await holdState(h.holdId)).toBe('converting');
    const [attempt] = await db().query(`SELECT id, state FROM payment_attempts WHERE hold_id = $1`, [h.holdId]);
    expect(attempt.state).toBe('pending');

    const replay = await book(h, 'pm_card_authenticationRequired', key, { client_reference: reference });
    expect(replay.status).toBe(402);
    expect(replay.body.error.detail.action_url).toBe(first.body.error.detail.action_url);
    const lookup = await t.http().get('/v1/bookings').query({ client_reference: reference }).set('authorization', `Bearer ${agent.apiKey}`);
    expect(lookup.body.data.state).toBe('pending');

    const intent = stripe.authenticate(intentId, 'succeeded');
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const settled = await deliver(event);
    expect(settled.status).toBe(200);
    expect(settled.body.data).toEqual({ received: true, result: 'confirmed' });
    // The same event again: acknowledged, nothing done.
    expect((await deliver(event)).body.data).toEqual({ received: true, result: 'duplicate' });

    const confirmed = await book(h, 'pm_card_authenticationRequired', key, { client_reference: reference });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.state).toBe('confirmed');
    const found = await t.http().get('/v1/bookings').query({ client_reference: reference }).set('authorization', `Bearer ${agent.apiKey}`);
    expect(JSON.stringify(found.body.data)).toContain(confirmed.body.data.booking_id);
    expect(stripe.calls('POST', '/v1/payment_intents').filter((c) => c.idempotencyKey === attempt.id).length).toBeGreaterThanOrEqual(2);
    expect([...stripe.intents.values()].filter((i) => (i.metadata as Record<string, string>).hcs_idempotency_key === attempt.id)).toHaveLength(1);
  });

  it('SCA failed by the traveler: the webhook gives the hold back and the replay answers payment_failed', async () => {
    const h = await held();
    const key = `sca-fail-${randomUUID()}`;
    const first = await book(h, 'pm_card_authenticationRequired', key);
    expect(first.body.error.code).toBe('payment_action_required');
    const intentId = (first.body.error.detail.action_url as string).split('/').pop() as string;
    const settled = await deliver(stripe.signedEvent('payment_intent.payment_failed', stripe.authenticate(intentId, 'failed')));
    expect(settled.body.data).toEqual({ received: true, result: 'declined' });
    expect(await holdState(h.holdId)).toBe('held');
    const replay = await book(h, 'pm_card_authenticationRequired', key);
    expect(replay.status).toBe(402);
    expect(replay.body.error).toMatchObject({ code: 'payment_failed', detail: { decline_code: 'payment_intent_authentication_failure' } });
  });

  it("the stranded-attempt sweep leaves a payment waiting for the traveler alone, and gives it up once the hold's TTL has passed", async () => {
    const h = await held();
    const first = await book(h, 'pm_card_authenticationRequired', `sca-sweep-${randomUUID()}`);
    expect(first.body.error.code).toBe('payment_action_required');
    const intentId = (first.body.error.detail.action_url as string).split('/').pop() as string;
    const [attempt] = await db().query(`SELECT id FROM payment_attempts WHERE hold_id = $1`, [h.holdId]);
    // Long past the payment budget: the sweep takes it up.
    await db().query(`UPDATE payment_attempts SET started_at = now() - interval '10 minutes' WHERE id = $1`, [attempt.id]);
    const sweep = t.app.get(RecoverStrandedPayments);
    expect((await sweep.sweep()).waiting).toBeGreaterThanOrEqual(1);
    expect(await holdState(h.holdId)).toBe('converting');
    expect((await db().query(`SELECT state FROM payment_attempts WHERE id = $1`, [attempt.id]))[0].state).toBe('pending');

    // The hold's TTL passes with the traveler still away: the payment is cancelled and the room given back.
    await db().query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [h.holdId]);
    expect((await sweep.sweep()).declined).toBeGreaterThanOrEqual(1);
    expect(stripe.intents.get(intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await holdState(h.holdId)).toBe('expired');
    expect((await db().query(`SELECT state FROM payment_attempts WHERE id = $1`, [attempt.id]))[0].state).toBe('declined');
  });

  it('refuses a delivery without a valid signature (400, nothing recorded) and ignores events that settle nothing', async () => {
    const intent = { id: 'pi_x', object: 'payment_intent', status: 'succeeded', metadata: {} };
    const unsigned = stripe.signedEvent('payment_intent.succeeded', intent);
    const missing = await deliver({ payload: unsigned.payload, signature: null });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'webhook_signature_invalid', detail: { reason: 'missing_signature' } });
    const forged = stripe.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_not_the_endpoint_secret' });
    expect((await deliver(forged)).body.error.detail).toEqual({ reason: 'signature_mismatch' });
    const tampered = await deliver({ payload: unsigned.payload.replace('pi_x', 'pi_y'), signature: unsigned.signature });
    expect(tampered.body.error.detail).toEqual({ reason: 'signature_mismatch' });
    const recorded = await db().query(`SELECT event_id FROM payment_provider_events WHERE event_id = ANY($1)`, [[unsigned.id, forged.id]]);
    expect(recorded).toEqual([]);

    const other = stripe.signedEvent('customer.created', { id: 'cus_1', object: 'customer', metadata: {} });
    expect((await deliver(other)).body.data).toEqual({ received: true, result: 'ignored' });
    expect((await deliver(unsigned)).body.data).toEqual({ received: true, result: 'ignored' });
  });

  it('books over MCP, and hands a client the action_url in the tool error when the card needs authentication', async () => {
    const ok = await held();
    const args = (h: { holdId: string; quoteId: string }, token: string) => ({
      hold_id: h.holdId,
      quote_id: h.quoteId,
      guest: GUEST,
      payment: CARD(token),
      idempotency_key: `mcp-${h.holdId}`,
      delegation_token: traveler,
    });
    const booked = await callTool(mcp, 'confirm_booking', args(ok, 'pm_card_visa'));
    expect(booked.isError).toBe(false);
    expect(booked.envelope.data.state).toBe('confirmed');

    const declined = await callTool(mcp, 'confirm_booking', args(await held(), 'pm_card_chargeDeclined'));
    expect(declined.envelope.error).toMatchObject({ code: 'payment_failed', detail: { decline_code: 'generic_decline' } });

    const sca = await held();
    const waiting = await callTool(mcp, 'confirm_booking', args(sca, 'pm_card_authenticationRequired'));
    expect(waiting.isError).toBe(true);
    expect(waiting.envelope.error).toMatchObject({ code: 'payment_action_required', detail: { action_url: expect.stringContaining('/3ds/pi_') } });
  });

  it('MCP 2026-07-28: a client that declared URL elicitation is asked to open the issuer page, and its retry answers the booking', async () => {
    const h = await held();
    const args = {
      hold_id: h.holdId,
      quote_id: h.quoteId,
      guest: GUEST,
      payment: CARD('pm_card_authenticationRequired'),
      idempotency_key: `mcp-url-${h.holdId}`,
      delegation_token: traveler,
    };
    const call = (capabilities: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      rawMcpPost(
        base,
        agent.apiKey,
        {
          jsonrpc: '2.0',
          id: randomUUID(),
          method: 'tools/call',
          params: {
            _meta: { ...modernMeta(), 'io.modelcontextprotocol/clientCapabilities': capabilities },
            name: 'confirm_booking',
            arguments: args,
            ...extra,
          },
        },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'confirm_booking' },
      );

    // Without the capability: the tool error carries the action_url.
    const plain = await call({});
    expect(plain.body.result.isError).toBe(true);
    const actionUrl = JSON.parse(plain.body.result.content[0].text).error.detail.action_url as string;
    expect(actionUrl).toContain('/3ds/pi_');

    // With it: an input-required result naming the same page.
    const asked = await call({ elicitation: { url: {} } });
    expect(asked.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { authenticate_payment: { method: 'elicitation/create', params: { mode: 'url', url: actionUrl } } },
    });

    // The client answers while the payment still waits: the tool error, not the same page again.
    const early = await call({ elicitation: { url: {} } }, { inputResponses: { authenticate_payment: { action: 'accept' } } });
    expect(JSON.parse(early.body.result.content[0].text).error.code).toBe('payment_action_required');

    const intentId = actionUrl.split('/').pop() as string;
    await deliver(stripe.signedEvent('payment_intent.succeeded', stripe.authenticate(intentId, 'succeeded')));
    const done = await call({ elicitation: { url: {} } }, { inputResponses: { authenticate_payment: { action: 'accept' } } });
    expect(done.body.result.isError).toBeFalsy();
    expect(done.body.result.structuredContent.data.state).toBe('confirmed');
  });
});
