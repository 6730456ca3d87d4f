import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, DELEGATION_HEADER, travelerDelegation } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/admin/bookings/{id}/refunds', () => {
  let t: TestApp;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler = '';

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-refunds');
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { freeHours: 48, feePct: 50, defaultInventory: 50 });
  });
  afterAll(() => t.close());

  const booked = (start = 20) => bookStay(t, agent, catalog, traveler, { start, nights: 2, adults: 1 });
  const refund = (bookingId: string, body: Record<string, unknown>, key?: string, bearer = adminKey) => {
    let req = t.http().post(`/v1/admin/bookings/${bookingId}/refunds`).set('authorization', `Bearer ${bearer}`);
    if (key) req = req.set('idempotency-key', key);
    return req.send(body);
  };
  const db = () => t.app.get(DataSource);

  it('refunds part of the payment: refund_issued receipt, payment partially_refunded, audit, outbox event with the REST shape', async () => {
    const b = await booked();
    const total = b.total.amount;
    const res = await refund(b.bookingId, { amount: 1000, reason: 'goodwill' });
    expect(res.status).toBe(201);
    const refundId = res.body.data.refund_id;
    expect(res.body.data).toEqual({
      refund_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      booking_id: b.bookingId,
      amount: { amount: 1000, currency: 'EUR' },
      state: 'succeeded',
      reason: 'goodwill',
      created_at: expect.any(String),
    });
    expect(res.body.receipt).toMatchObject({ kind: 'refund_issued', subject: { refund_id: refundId, booking_id: b.bookingId, amount: 1000, currency: 'EUR' } });
    expect(res.body.next_actions).toEqual([
      { rel: 'get_refund', method: 'GET', href: `/v1/refunds/${refundId}` },
      { rel: 'get', method: 'GET', href: `/v1/bookings/${b.bookingId}` },
      {
        rel: 'issue_refund',
        method: 'POST',
        href: `/v1/admin/bookings/${b.bookingId}/refunds`,
        body_hint: { amount: total - 1000, reason: '<optional reason>' },
      },
    ]);
    const verify = await t.http().post('/v1/receipts/verify').set('authorization', `Bearer ${agent.apiKey}`).send({ receipt: res.body.receipt });
    expect(verify.body.data).toEqual({ valid: true });

    const read = await t.http().get(`/v1/refunds/${refundId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
    expect(read.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get']);
    const asAdmin = await t.http().get(`/v1/refunds/${refundId}`).set('authorization', `Bearer ${adminKey}`);
    expect(asAdmin.body.next_actions).toEqual([res.body.next_actions[1], res.body.next_actions[2]]);
    const booking = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${adminKey}`);
    expect(booking.body.data.payment).toEqual({
      state: 'partially_refunded',
      amount: { amount: total, currency: 'EUR' },
      refunded: { amount: 1000, currency: 'EUR' },
      captured_at: expect.any(String),
      // A booking paid at once has one full entry (docs/payments.md "The schedule").
      schedule: [{ kind: 'full', due_at: booking.body.data.payment.captured_at, amount: { amount: total, currency: 'EUR' }, state: 'captured' }],
    });
    // Admins are pointed at what remains refundable.
    expect(booking.body.next_actions).toContainEqual(
      expect.objectContaining({ rel: 'issue_refund', body_hint: { amount: total - 1000, reason: '<optional reason>' } }),
    );

    const audit = await t.http().get(`/v1/bookings/${b.bookingId}/audit`).set('authorization', `Bearer ${agent.apiKey}`);
    const entry = audit.body.data.items.find((i: { type: string }) => i.type === 'refund.issued');
    expect(entry).toMatchObject({
      actor: { kind: 'admin' },
      data: { refund_id: refundId, amount: { amount: 1000, currency: 'EUR' }, payment_state: 'partially_refunded', reason: 'goodwill' },
    });
    const [event] = await db().query(`SELECT type, aggregate_type, aggregate_id, payload FROM outbox_events WHERE aggregate_id = $1`, [refundId]);
    expect(event).toEqual({ type: 'refund.issued', aggregate_type: 'refund', aggregate_id: refundId, payload: read.body.data });
    // The provider refunded the charge once, under the key derived from the payment's refunded total (nothing before this one).
    const ledger = await db().query(
      `SELECT r.amount::int AS amount FROM sandbox_refunds r JOIN payments p ON r.idempotency_key = 'refund:' || p.id || ':0:1000' WHERE p.booking_id = $1`,
      [b.bookingId],
    );
    expect(ledger).toEqual([{ amount: 1000 }]);
  });

  it('refuses more than remains (detail.remaining), refunds the rest, then payment_not_refundable', async () => {
    const b = await booked();
    const total = b.total.amount;
    await refund(b.bookingId, { amount: 500 });
    const over = await refund(b.bookingId, { amount: total });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('refund_exceeds_remaining');
    expect(over.body.error.detail.remaining).toEqual({ amount: total - 500, currency: 'EUR' });

    const rest = await refund(b.bookingId, { amount: total - 500 });
    expect(rest.status).toBe(201);
    expect(rest.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get_refund', 'get']);
    const booking = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${adminKey}`);
    expect(booking.body.data.payment).toMatchObject({ state: 'refunded', refunded: { amount: total, currency: 'EUR' } });
    expect(booking.body.next_actions.map((a: { rel: string }) => a.rel)).not.toContain('issue_refund');

    const more = await refund(b.bookingId, { amount: 1 });
    expect(more.status).toBe(409);
    expect(more.body.error.code).toBe('payment_not_refundable');
    expect(more.body.error.detail).toMatchObject({ booking_id: b.bookingId, state: 'refunded' });
  });

  it('answers no_capturable_payment for a booking without a captured payment', async () => {
    const b = await booked();
    await db().query(`DELETE FROM payments WHERE booking_id = $1`, [b.bookingId]);
    const res = await refund(b.bookingId, { amount: 100 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('no_capturable_payment');
    expect(res.body.error.detail).toEqual({ booking_id: b.bookingId });
  });

  it('never refunds more than captured under concurrent requests', async () => {
    const b = await booked();
    const part = Math.floor(b.total.amount * 0.3);
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(b.bookingId, { amount: part })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(Array(7).fill('refund_exceeds_remaining'));
    const [payment] = await db().query(`SELECT amount::int AS amount, refunded_amount::int AS refunded, state FROM payments WHERE booking_id = $1`, [
      b.bookingId,
    ]);
    expect(payment).toEqual({ amount: b.total.amount, refunded: 3 * part, state: 'partially_refunded' });
    const [{ count }] = await db().query(`SELECT count(*)::int AS count FROM refunds WHERE booking_id = $1`, [b.bookingId]);
    expect(count).toBe(3);
  });

  it('honours Idempotency-Key: a replay answers the same refund, another body is idempotency_conflict', async () => {
    const b = await booked();
    const first = await refund(b.bookingId, { amount: 700 }, 'refund-key-1');
    const replay = await refund(b.bookingId, { amount: 700 }, 'refund-key-1');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const conflict = await refund(b.bookingId, { amount: 701 }, 'refund-key-1');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    const [{ count }] = await db().query(`SELECT count(*)::int AS count FROM refunds WHERE booking_id = $1`, [b.bookingId]);
    expect(count).toBe(1);
  });

  it('cancelling after an admin refund refunds only what remains (same refund rule)', async () => {
    const b = await booked(20);
    await refund(b.bookingId, { amount: b.total.amount - 300 });
    const cancel = await t
      .http()
      .post(`/v1/bookings/${b.bookingId}/cancel`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler)
      .send({});
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.cancellation).toMatchObject({ fee: { amount: 0, currency: 'EUR' }, refund: { amount: 300, currency: 'EUR' } });
    expect(cancel.body.data.payment).toMatchObject({ state: 'refunded', refunded: { amount: b.total.amount, currency: 'EUR' } });
  });

  it('validates the body, is admin only and hides other tenants', async () => {
    const b = await booked();
    const bad = await refund(b.bookingId, { amount: 0, reason: '', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual(['amount', 'extra', 'reason']);
    const missing = await refund(b.bookingId, {});
    expect(missing.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['amount']);

    const asAgent = await refund(b.bookingId, { amount: 100 }, undefined, agent.apiKey);
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.error.code).toBe('principal_kind_not_allowed');

    const other = await createTenant(t.app);
    const hidden = await refund(b.bookingId, { amount: 100 }, undefined, other.adminKey);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('booking_not_found');
    const [{ refunded }] = await db().query(`SELECT refunded_amount::int AS refunded FROM payments WHERE booking_id = $1`, [b.bookingId]);
    expect(refunded).toBe(0);
  });
});
