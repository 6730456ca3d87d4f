import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { ChargeDuePayments, RecoverStrandedPayments } from '@hcs/domain';
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
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { callTool, connectMcp, Json } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Payment terms (docs/payments.md): a deposit at booking and its balance charged by the worker's
 * sweep once its due date is moved into the past; a card declined off-session retried until the
 * payment is overdue; pay at property over MCP, guaranteed and charged nothing, then its
 * cancellation fee charged to the kept card; prepay unchanged but for its one `full` entry.
 */
describe('payment terms', () => {
  let t: TestApp;
  let db: DataSource;
  let tenantId: string;
  let admin: { authorization: string };
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let prepayCatalog: ChainCatalog;
  let traveler: string;
  let client: Client;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    db = t.app.get(DataSource);
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 20 });
    prepayCatalog = await createChainCatalog(t.app, tenantId);
    traveler = await travelerDelegation(t.app, tenantId, 'terms-traveler');
    client = await connectMcp((await t.app.getUrl()).replace('[::1]', '127.0.0.1'), agent.apiKey);
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  const setTerms = (planId: string, terms: unknown) => t.http().patch(`/v1/admin/rate-plans/${planId}`).set(admin).send({ payment_terms: terms });
  const book = (held: { holdId: string; quoteId: string }, token: string) =>
    t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `terms-${held.holdId}`)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD(token) });
  const read = async (bookingId: string) =>
    (await t.http().get(`/v1/bookings/${bookingId}`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler)).body.data;
  /** Moves the booking's scheduled entries' next attempt into the past, as time passing would. */
  const makeDue = (bookingId: string) =>
    db.query(`UPDATE payment_schedule SET next_attempt_at = now() - interval '1 second' WHERE booking_id = $1 AND state = 'scheduled'`, [bookingId]);
  const sweep = () => t.app.get(ChargeDuePayments).sweep();
  const events = async (bookingId: string) =>
    (await db.query(`SELECT type FROM outbox_events WHERE aggregate_id = $1 ORDER BY id`, [bookingId])).map((r: { type: string }) => r.type);
  const auditTypes = async (bookingId: string): Promise<string[]> =>
    (await t.http().get(`/v1/bookings/${bookingId}/audit`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler)).body.data.items.map(
      (e: Json) => e.type,
    );

  it('refuses bad terms with every failing path, and shows the terms set', async () => {
    const bad = await setTerms(catalog.freePlanId, { kind: 'deposit', deposit_pct: 0, balance_due_days: 400 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const paths = JSON.stringify(bad.body.error);
    expect(paths).toContain('payment_terms.deposit_pct');
    expect(paths).toContain('payment_terms.balance_due_days');

    const ok = await setTerms(catalog.freePlanId, { kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.payment_terms).toEqual({ kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
  });

  it('charges the deposit at booking and the balance when it falls due, once', async () => {
    await setTerms(catalog.freePlanId, { kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
    const held = await quoteAndHold(t, agent, catalog, { start: 40 });
    const b = await book(held, 'tok_visa');
    expect(b.status).toBe(201);
    const payable = b.body.data.price_breakdown.payable_online.amount as number;
    const deposit = Math.round(payable * 0.3);
    expect(b.body.data.policy_snapshot.payment_terms).toEqual({ kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
    expect(b.body.data.payment).toMatchObject({ state: 'scheduled', amount: { amount: deposit } });
    expect(b.body.data.payment.schedule.map((e: Json) => [e.kind, e.amount.amount, e.state])).toEqual([
      ['deposit', deposit, 'captured'],
      ['balance', payable - deposit, 'scheduled'],
    ]);
    // Due 14 days before check-in at the property's check-in time (15:00 Paris).
    const dueAt = new Date(b.body.data.payment.schedule[1].due_at);
    expect(dueAt.toISOString().slice(0, 10)).toBe(daysFromToday(26));
    expect(b.body.receipt.subject).toMatchObject({ payment_terms_kind: 'deposit', charged_at_booking_amount: deposit, balance_amount: payable - deposit });
    const id = b.body.data.booking_id as string;
    expect((await read(id)).payment).toEqual(b.body.data.payment);
    // The same Idempotency-Key replays the answer; nothing is charged again.
    const replay = await book(held, 'tok_visa');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.payment).toEqual(b.body.data.payment);
    const [{ n: atBooking }] = await db.query(
      `SELECT count(*)::int AS n FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = (SELECT attempt_id::text FROM payments WHERE booking_id = $2)`,
      [tenantId, id],
    );
    expect(atBooking).toBe(1);

    // Not due yet: the sweep leaves it alone.
    await sweep();
    expect((await read(id)).payment.state).toBe('scheduled');
    await makeDue(id);
    await sweep();
    await sweep();
    const after = await read(id);
    expect(after.payment).toMatchObject({ state: 'captured', amount: { amount: payable } });
    expect(after.payment.schedule.map((e: Json) => e.state)).toEqual(['captured', 'captured']);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key LIKE 'sched_%' AND amount = $2`, [
      tenantId,
      payable - deposit,
    ]);
    expect(n).toBe(1);
    expect(await events(id)).toContain('payment.balance_captured');
    expect(await auditTypes(id)).toContain('payment.balance_captured');
    // Cancelled while still free: everything comes back, refunded charge by charge (balance, then deposit).
    const cancelled = await t.http().post(`/v1/bookings/${id}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler).send({});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.cancellation.refund.amount).toBe(payable);
    expect(cancelled.body.data.payment).toMatchObject({ state: 'refunded', refunded: { amount: payable } });
    const refunds = await db.query(
      `SELECT r.amount::int AS amount, c.idempotency_key LIKE 'sched_%' AS of_balance FROM sandbox_refunds r JOIN sandbox_charges c ON c.charge_id = r.charge_id
        WHERE r.tenant_id = $1 ORDER BY of_balance DESC`,
      [tenantId],
    );
    expect(refunds).toEqual([
      { amount: payable - deposit, of_balance: true },
      { amount: deposit, of_balance: false },
    ]);
    // The card kept is a reference, never the token.
    const [row] = await db.query(`SELECT card_reference FROM payments WHERE booking_id = $1`, [id]);
    expect(row.card_reference).toMatch(/^card_sandbox_[0-9a-f]{32}$/);
  });

  it('a modified deposit booking keeps its terms and its balance falls due before the new check-in', async () => {
    await setTerms(catalog.freePlanId, { kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
    const held = await quoteAndHold(t, agent, catalog, { start: 60 });
    const b = await book(held, 'tok_visa');
    expect(b.status).toBe(201);
    const id = b.body.data.booking_id as string;
    const modified = await t
      .http()
      .post(`/v1/bookings/${id}/modify`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler)
      .send({ stay: { check_in: daysFromToday(63), check_out: daysFromToday(65) } });
    expect(modified.status).toBe(200);
    expect(modified.body.data.policy_snapshot.payment_terms).toEqual({ kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
    const balance = modified.body.data.payment.schedule.find((e: Json) => e.kind === 'balance');
    expect(balance.due_at.slice(0, 10)).toBe(daysFromToday(49));
    expect(balance.state).toBe('scheduled');
  });

  it('retries a balance the card declines off-session, then leaves the payment overdue and says so', async () => {
    await setTerms(catalog.freePlanId, { kind: 'deposit', deposit_pct: 20, balance_due_days: 7 });
    const held = await quoteAndHold(t, agent, catalog, { start: 50 });
    const b = await book(held, 'tok_offSessionDeclined');
    expect(b.status).toBe(201);
    const id = b.body.data.booking_id as string;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await makeDue(id);
      await sweep();
    }
    const after = await read(id);
    expect(after.payment.state).toBe('overdue');
    expect(after.payment.schedule.map((e: Json) => [e.kind, e.state])).toEqual([
      ['deposit', 'captured'],
      ['balance', 'failed'],
    ]);
    const [entry] = await db.query(`SELECT id, attempt FROM payment_schedule WHERE booking_id = $1 AND kind = 'balance'`, [id]);
    expect(entry.attempt).toBe(4);
    const tries = await db.query(
      `SELECT idempotency_key, state FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key LIKE $2 ORDER BY idempotency_key`,
      [tenantId, `sched_${entry.id}_%`],
    );
    expect(tries.map((r: { state: string }) => r.state)).toEqual(['declined', 'declined', 'declined', 'declined']);
    expect(await events(id)).toContain('payment.balance_failed');
    expect((await auditTypes(id)).filter((type: string) => type.startsWith('payment.balance'))).toEqual([
      'payment.balance_declined',
      'payment.balance_declined',
      'payment.balance_declined',
      'payment.balance_failed',
    ]);
  });

  it('pay at property over MCP: the card is guaranteed, nothing charged, and the cancellation fee is charged to it', async () => {
    expect((await setTerms(catalog.nonRefundablePlanId, { kind: 'pay_at_property' })).status).toBe(200);
    const held = await quoteAndHold(t, agent, catalog, { start: 30, planId: catalog.nonRefundablePlanId });
    const booked = await callTool(client, 'confirm_booking', {
      hold_id: held.holdId,
      quote_id: held.quoteId,
      guest: GUEST,
      payment: CARD('tok_visa'),
      idempotency_key: `terms-mcp-${held.holdId}`,
      delegation_token: traveler,
    });
    const data = booked.envelope.data;
    expect(data.price_breakdown.payable_online.amount).toBe(0);
    expect(data.price_breakdown.payable_at_property).toMatchObject(data.price_breakdown.total);
    expect(data.payment).toMatchObject({ state: 'guaranteed', amount: { amount: 0 }, schedule: [] });
    const id = data.booking_id as string;
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = (SELECT attempt_id::text FROM payments WHERE booking_id = $2)`,
      [tenantId, id],
    );
    expect(n).toBe(0);
    expect(await auditTypes(id)).toContain('payment.guaranteed');

    const preview = await t
      .http()
      .get(`/v1/bookings/${id}/cancellation-preview`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler);
    expect(preview.body.data.refund.amount).toBe(0);
    const cancelled = await callTool(client, 'cancel_booking', { booking_id: id, delegation_token: traveler });
    const fee = cancelled.envelope.data.cancellation.fee.amount as number;
    expect(fee).toBeGreaterThan(0);
    expect(cancelled.envelope.data.cancellation.refund.amount).toBe(0);
    expect(cancelled.envelope.data.payment.schedule.map((e: Json) => [e.kind, e.amount.amount, e.state])).toEqual([['cancellation_fee', fee, 'scheduled']]);
    await sweep();
    const after = await read(id);
    expect(after.state).toBe('cancelled');
    expect(after.payment).toMatchObject({ state: 'captured', amount: { amount: fee } });
    expect(after.payment.schedule.map((e: Json) => e.state)).toEqual(['captured']);
    expect(await events(id)).toContain('payment.fee_captured');
  });

  it('a declined guarantee is payment_failed like a declined charge, and the hold stays usable', async () => {
    await setTerms(catalog.nonRefundablePlanId, { kind: 'pay_at_property' });
    const held = await quoteAndHold(t, agent, catalog, { start: 36, planId: catalog.nonRefundablePlanId });
    const declined = await book(held, 'tok_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'payment_failed', detail: { provider_message: 'Your card was declined.' } });
    const [hold] = await db.query(`SELECT state FROM holds WHERE id = $1`, [held.holdId]);
    expect(hold.state).toBe('held');
  });

  it('the stranded-attempt sweep finishes a pay-at-property attempt with a guarantee, charging nothing', async () => {
    await setTerms(catalog.nonRefundablePlanId, { kind: 'pay_at_property' });
    const held = await quoteAndHold(t, agent, catalog, { start: 34, planId: catalog.nonRefundablePlanId });
    const key = `terms-crash-${randomUUID()}`;
    await db.query(`UPDATE holds SET state = 'converting', converting_key = $2 WHERE id = $1`, [held.holdId, key]);
    await db.query(
      `INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint, billing_country, state, booking_request, started_at)
       VALUES ($1, $2, $3, 0, $4, 'card', 'tok_visa', encode(sha256(convert_to('tok_visa', 'UTF8')), 'hex'), 'GB', 'pending', $5, now() - interval '10 minutes')`,
      [
        tenantId,
        held.holdId,
        key,
        held.total.currency,
        JSON.stringify({
          guest: GUEST,
          traveler: { iss: 'urn:hcs:demo-issuer', sub: 'terms-traveler' },
          agent: { principal_id: agent.agentId, kind: 'agent', booking_limit: null },
        }),
      ],
    );
    await t.app.get(RecoverStrandedPayments).sweep();
    const [row] = await db.query(
      `SELECT b.id, p.state, p.amount::int AS amount, p.card_reference FROM bookings b JOIN payments p ON p.booking_id = b.id WHERE b.hold_id = $1`,
      [held.holdId],
    );
    expect(row).toMatchObject({ state: 'guaranteed', amount: 0 });
    expect(row.card_reference).toMatch(/^card_sandbox_/);
    const charged = await db.query(`SELECT 1 FROM sandbox_charges c JOIN payment_attempts a ON c.idempotency_key = a.id::text WHERE a.hold_id = $1`, [
      held.holdId,
    ]);
    expect(charged).toHaveLength(0);
  });

  it('prepay is unchanged but for its one full entry', async () => {
    const held = await quoteAndHold(t, agent, prepayCatalog, { start: 30 });
    const b = await book(held, 'tok_visa');
    expect(b.status).toBe(201);
    expect(b.body.data.policy_snapshot.payment_terms).toBeUndefined();
    expect(b.body.receipt.subject.payment_terms_kind).toBeUndefined();
    expect(b.body.data.payment.state).toBe('captured');
    expect(b.body.data.payment.schedule).toEqual([
      { kind: 'full', due_at: b.body.data.payment.captured_at, amount: b.body.data.price_breakdown.payable_online, state: 'captured' },
    ]);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM payment_schedule WHERE booking_id = $1`, [b.body.data.booking_id]);
    expect(n).toBe(0);
  });
});
