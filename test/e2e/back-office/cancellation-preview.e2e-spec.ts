import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import {
  bookStay,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('GET /v1/bookings/{id}/cancellation-preview and cancellation_timeline', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler = '';
  let tenantId = '';

  beforeAll(async () => {
    t = await startTestApp({});
    tenantId = (await createTenant(t.app)).tenantId;
    traveler = await travelerDelegation(t.app, tenantId, 'traveler-preview');
    agent = await createChainAgent(t.app, tenantId);
    // 48 h of free cancellation, then 50 %
    catalog = await createChainCatalog(t.app, tenantId, { freeHours: 48, feePct: 50, defaultInventory: 20 });
  });
  afterAll(() => t.close());

  const preview = (id: string, who: string | null = traveler, bearer = agent.apiKey) => {
    const req = t.http().get(`/v1/bookings/${id}/cancellation-preview`).set('authorization', `Bearer ${bearer}`);
    return who ? req.set(DELEGATION_HEADER, who) : req;
  };
  const cancel = (id: string) =>
    t.http().post(`/v1/bookings/${id}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler).send({});

  it('before the cutoff: free, the whole total back, free_until; the cancel then does exactly that', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 10, nights: 2, adults: 1 });
    const booking = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    const res = await preview(b.bookingId);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      fee: { amount: 0, currency: 'EUR' },
      refund: { amount: b.total.amount, currency: 'EUR' },
      policy_version: '2',
      free_until: booking.body.data.policy_snapshot.free_cancellation_until,
    });
    expect(res.body.next_actions).toEqual([
      { rel: 'cancel', method: 'POST', href: `/v1/bookings/${b.bookingId}/cancel`, body_hint: { reason: '<optional reason>' } },
      { rel: 'get', method: 'GET', href: `/v1/bookings/${b.bookingId}` },
    ]);
    const cancelled = await cancel(b.bookingId);
    expect(cancelled.body.data.cancellation).toMatchObject({ fee: res.body.data.fee, refund: res.body.data.refund, policy_version: '2' });
  });

  it('after the cutoff: the fee percentage and no free_until; non-refundable: the whole total', async () => {
    const late = await bookStay(t, agent, catalog, traveler, { start: 1, nights: 2, adults: 1 });
    const res = await preview(late.bookingId);
    const fee = Math.floor((late.total.amount * 50 + 50) / 100);
    expect(res.body.data).toEqual({
      fee: { amount: fee, currency: 'EUR' },
      refund: { amount: late.total.amount - fee, currency: 'EUR' },
      policy_version: '2',
    });
    const nonRef = await bookStay(t, agent, catalog, traveler, { start: 10, nights: 1, adults: 1, planId: catalog.nonRefundablePlanId });
    const nr = await preview(nonRef.bookingId);
    expect(nr.body.data).toEqual({ fee: nonRef.total, refund: { amount: 0, currency: 'EUR' }, policy_version: '1' });
  });

  it('has cancel access rules: the same traveler with a delegation, the booking agent; not cancellable is booking_not_cancellable', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 12, nights: 1, adults: 1 });
    const none = await preview(b.bookingId, null);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('delegation_required');
    const stranger = await preview(b.bookingId, await travelerDelegation(t.app, tenantId, 'someone-else'));
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe('resource_access_denied');
    // Another tenant's agent, with a delegation bound to its own tenant, never learns the booking exists.
    const otherTenantId = (await createTenant(t.app)).tenantId;
    const other = await createChainAgent(t.app, otherTenantId);
    const hidden = await preview(b.bookingId, await travelerDelegation(t.app, otherTenantId, 'traveler-preview'), other.apiKey);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('booking_not_found');
    await cancel(b.bookingId);
    const after = await preview(b.bookingId);
    expect(after.status).toBe(409);
    expect(after.body.error).toMatchObject({ code: 'booking_not_cancellable', detail: { state: 'cancelled', reason: 'already_cancelled' } });
    const started = await bookStay(t, agent, catalog, traveler, { start: 0, nights: 1, adults: 1 });
    const s = await preview(started.bookingId);
    expect(s.body.error).toMatchObject({ code: 'booking_not_cancellable', detail: { reason: 'stay_started' } });
  });

  it('puts cancellation_timeline in quotes and bookings, and computes it for snapshots frozen without one', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 10, nights: 2, adults: 1 });
    const booking = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    const snapshot = booking.body.data.policy_snapshot;
    const fee = Math.floor((b.total.amount * 50 + 50) / 100);
    const checkInDay = new Date(`${daysFromToday(10)}T00:00:00+01:00`);
    expect(snapshot.cancellation_timeline).toEqual([
      { until: snapshot.free_cancellation_until, fee: { amount: 0, currency: 'EUR' } },
      { until: expect.any(String), fee: { amount: fee, currency: 'EUR' } },
    ]);
    // The last step ends when the stay starts: midnight of the check-in date at the property.
    expect(Math.abs(Date.parse(snapshot.cancellation_timeline[1].until) - checkInDay.getTime())).toBeLessThanOrEqual(3600 * 1000);
    const quote = await t.app.get(DataSource).query(`SELECT policy_snapshot FROM quotes WHERE id = $1`, [b.quoteId]);
    expect(quote[0].policy_snapshot.cancellation_timeline).toEqual(snapshot.cancellation_timeline);

    await t.app.get(DataSource).query(`UPDATE bookings SET policy_snapshot = policy_snapshot - 'cancellation_timeline' WHERE id = $1`, [b.bookingId]);
    const legacy = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(legacy.body.data.policy_snapshot.cancellation_timeline).toEqual(snapshot.cancellation_timeline);

    const nonRef = await bookStay(t, agent, catalog, traveler, { start: 10, nights: 1, adults: 1, planId: catalog.nonRefundablePlanId });
    const nr = await t.http().get(`/v1/bookings/${nonRef.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(nr.body.data.policy_snapshot.cancellation_timeline).toEqual([{ until: snapshot.cancellation_timeline[1].until, fee: nonRef.total }]);
  });
});
