import { createTenant } from '../../support/factories';
import {
  bookStay,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  inventoryOf,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

let TRAVELER = '';

describe('POST /v1/bookings/{id}/cancel', () => {
  let t: TestApp;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-c');
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    // 48 h of free cancellation, then 50 %
    catalog = await createChainCatalog(t.app, tenantId, { freeHours: 48, feePct: 50 });
  });
  afterAll(() => t.close());

  async function booked(start: number, planId: string, nights = 2) {
    const b = await bookStay(t, agent, catalog, TRAVELER, { start, nights, planId, adults: 1 });
    return { id: b.bookingId, total: b.total.amount, start };
  }

  const cancel = (id: string, body: Record<string, unknown> = {}, who = TRAVELER, key?: string) => {
    let req = t.http().post(`/v1/bookings/${id}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, who);
    if (key) req = req.set('idempotency-key', key);
    return req.send(body);
  };

  it('free cancellation before the cutoff: no fee, everything refunded, room back, receipt and audit', async () => {
    const b = await booked(10, catalog.freePlanId);
    const res = await cancel(b.id, { reason: 'plans changed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      booking_id: b.id,
      state: 'cancelled',
      payment: { state: 'refunded', refunded: { amount: b.total, currency: 'EUR' } },
      cancellation: { fee: { amount: 0, currency: 'EUR' }, refund: { amount: b.total, currency: 'EUR' }, policy_version: '2', reason: 'plans changed' },
    });
    expect(res.body.receipt).toMatchObject({ kind: 'booking_cancelled', subject: { booking_id: b.id, fee_amount: 0, refund_amount: b.total } });
    const refundId = res.body.data.cancellation.refund_id;
    expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get_refund', 'get_audit']);
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(10) && r.night < daysFromToday(12));
    expect(inv.map((r) => [r.held, r.sold])).toEqual([
      [0, 0],
      [0, 0],
    ]);

    const refund = await t.http().get(`/v1/refunds/${refundId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(refund.status).toBe(200);
    expect(refund.body.data).toEqual({
      refund_id: refundId,
      booking_id: b.id,
      amount: { amount: b.total, currency: 'EUR' },
      state: 'succeeded',
      reason: 'plans changed',
      created_at: expect.any(String),
    });
    expect(refund.body.receipt).toMatchObject({ kind: 'refund_issued', subject: { refund_id: refundId, amount: b.total } });
    const missing = await t.http().get('/v1/refunds/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${agent.apiKey}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('refund_not_found');

    const audit = await t.http().get(`/v1/bookings/${b.id}/audit`).set('authorization', `Bearer ${adminKey}`);
    expect(audit.body.data.items.map((i: { type: string }) => i.type)).toEqual([
      'quote.created',
      'hold.created',
      'booking.confirmed',
      'payment.captured',
      'follow_up.scheduled',
      'follow_up.scheduled',
      'booking.cancelled',
      // the still scheduled pre_arrival and post_stay (docs/follow-ups.md)
      'follow_up.cancelled',
      'follow_up.cancelled',
      'refund.issued',
    ]);

    const again = await cancel(b.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'booking_not_cancellable', detail: { state: 'cancelled' } });
  });

  it('free cancellation after the cutoff: the policy percentage of the total', async () => {
    const b = await booked(1, catalog.freePlanId, 1);
    const res = await cancel(b.id);
    expect(res.status).toBe(200);
    const fee = Math.floor((b.total * 5000 + 5000) / 10000);
    expect(res.body.data.cancellation.fee).toEqual({ amount: fee, currency: 'EUR' });
    expect(res.body.data.cancellation.refund).toEqual({ amount: b.total - fee, currency: 'EUR' });
    expect(res.body.data.payment.state).toBe('partially_refunded');
  });

  it('non-refundable: the whole total before and after the cutoff, no refund record', async () => {
    for (const start of [15, 2]) {
      const b = await booked(start, catalog.nonRefundablePlanId, 1);
      const res = await cancel(b.id);
      expect(res.status).toBe(200);
      expect(res.body.data.cancellation).toMatchObject({
        fee: { amount: b.total, currency: 'EUR' },
        refund: { amount: 0, currency: 'EUR' },
        refund_id: null,
        policy_version: '1',
      });
      expect(res.body.data.payment.state).toBe('captured');
      expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get_audit']);
    }
  });

  it('refuses a stay that has started (property-local date), other travelers and other agents', async () => {
    const today = await booked(0, catalog.freePlanId, 1);
    const started = await cancel(today.id);
    expect(started.status).toBe(409);
    expect(started.body.error).toMatchObject({ code: 'booking_not_cancellable', detail: { state: 'confirmed', reason: 'stay_started' } });

    const b = await booked(20, catalog.freePlanId, 1);
    const stranger = await cancel(b.id, {}, await travelerDelegation(t.app, tenantId, 'someone-else'));
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe('resource_access_denied');
    const colleague = await createChainAgent(t.app, tenantId);
    const byColleague = await t
      .http()
      .post(`/v1/bookings/${b.id}/cancel`)
      .set('authorization', `Bearer ${colleague.apiKey}`)
      .set(DELEGATION_HEADER, TRAVELER)
      .send({});
    expect(byColleague.body.error.code).toBe('resource_access_denied');
    const unknown = await cancel('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('booking_not_found');
    const noDelegation = await t.http().post(`/v1/bookings/${b.id}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).send({});
    expect(noDelegation.body.error.code).toBe('delegation_required');
  });

  it('replays an idempotent cancel', async () => {
    const b = await booked(22, catalog.freePlanId, 1);
    const first = await cancel(b.id, { reason: 'x' }, TRAVELER, 'cancel-key');
    const replay = await cancel(b.id, { reason: 'x' }, TRAVELER, 'cancel-key');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
  });
});
