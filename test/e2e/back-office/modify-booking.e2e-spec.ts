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
  inventoryOf,
  setDailyRate,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/bookings/{id}/modify', () => {
  let t: TestApp;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler = '';

  beforeAll(async () => {
    t = await startTestApp({});
    tenantId = (await createTenant(t.app)).tenantId;
    traveler = await travelerDelegation(t.app, tenantId, 'traveler-modify');
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { freeHours: 48, feePct: 50, defaultInventory: 1 });
  });
  afterAll(() => t.close());

  const stay = (start: number, nights = 2) => ({ check_in: daysFromToday(start), check_out: daysFromToday(start + nights) });
  const modify = (id: string, body: Record<string, unknown>, options: { who?: string; key?: string; bearer?: string } = {}) => {
    let req = t
      .http()
      .post(`/v1/bookings/${id}/modify`)
      .set('authorization', `Bearer ${options.bearer ?? agent.apiKey}`)
      .set(DELEGATION_HEADER, options.who ?? traveler);
    if (options.key) req = req.set('idempotency-key', options.key);
    return req.send(body);
  };
  const counts = async (from: number, to: number) =>
    (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(from) && r.night < daysFromToday(to)).map((r) => [r.night, r.sold]);

  it('moves the booking, its price nights, policy snapshot and the room in one go; audit and event', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 20, nights: 2, adults: 1 });
    const before = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    // Overlapping move: one night kept, one released, one taken.
    const res = await modify(b.bookingId, { stay: stay(21) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      booking_id: b.bookingId,
      state: 'confirmed',
      stay: stay(21),
      price_breakdown: {
        total: b.total,
        nights: [
          { date: daysFromToday(21), amount: { amount: 10000, currency: 'EUR' } },
          { date: daysFromToday(22), amount: { amount: 10000, currency: 'EUR' } },
        ],
      },
    });
    const snapshot = res.body.data.policy_snapshot;
    expect(snapshot.version).toBe(before.body.data.policy_snapshot.version);
    expect(Date.parse(snapshot.check_in_at) - Date.parse(before.body.data.policy_snapshot.check_in_at)).toBe(24 * 3600 * 1000);
    // A day later: free cancellation still ends when it did before the move.
    expect(snapshot.free_cancellation_until).toBe(before.body.data.policy_snapshot.free_cancellation_until);
    expect(Date.parse(snapshot.free_cancellation_until)).toBe(Date.parse(snapshot.check_in_at) - 72 * 3600 * 1000);
    expect(snapshot.cancellation_timeline[0]).toEqual({ until: snapshot.free_cancellation_until, fee: { amount: 0, currency: 'EUR' } });
    expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['cancel', 'get_audit']);
    expect(await counts(20, 23)).toEqual([
      [daysFromToday(20), 0],
      [daysFromToday(21), 1],
      [daysFromToday(22), 1],
    ]);

    const read = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(read.body.data).toEqual(res.body.data);
    const audit = await t.http().get(`/v1/bookings/${b.bookingId}/audit`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(audit.body.data.items.at(-1)).toMatchObject({
      type: 'booking.modified',
      actor: { kind: 'agent', id: agent.agentId },
      traveler: { sub: 'traveler-modify' },
      data: { previous_stay: stay(20), stay: stay(21), total: b.total },
    });
    const events = await t.app
      .get(DataSource)
      .query(`SELECT type, aggregate_type, payload FROM outbox_events WHERE aggregate_id = $1 AND type = 'booking.modified'`, [b.bookingId]);
    expect(events).toEqual([{ type: 'booking.modified', aggregate_type: 'booking', payload: read.body.data }]);
  });

  it('never moves free cancellation later: past its cutoff and moved 60 days ahead, cancelling still costs the fee', async () => {
    // Check-in tomorrow with 48 hours of free cancellation: the cutoff has passed at booking.
    const b = await bookStay(t, agent, catalog, traveler, { start: 1, nights: 1, adults: 1 });
    const booked = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    const deadline = booked.body.data.policy_snapshot.free_cancellation_until;
    expect(Date.parse(deadline)).toBeLessThan(Date.now());
    const fee = { amount: Math.round(b.total.amount / 2), currency: 'EUR' };

    const res = await modify(b.bookingId, { stay: stay(61, 1) });
    expect(res.status).toBe(200);
    const snapshot = res.body.data.policy_snapshot;
    expect(snapshot.free_cancellation_until).toBe(deadline);
    expect(snapshot.cancellation_timeline).toEqual([
      { until: deadline, fee: { amount: 0, currency: 'EUR' } },
      { until: expect.any(String), fee },
    ]);

    const preview = await t
      .http()
      .get(`/v1/bookings/${b.bookingId}/cancellation-preview`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler);
    expect(preview.status).toBe(200);
    expect(preview.body.data.fee).toEqual(fee);
    expect(preview.body.data.free_until).toBeUndefined();
    const cancel = await t
      .http()
      .post(`/v1/bookings/${b.bookingId}/cancel`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler)
      .send({});
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.cancellation.fee).toEqual(fee);
  });

  it('answers allotment_exhausted when a new night is full and changes nothing', async () => {
    const a = await bookStay(t, agent, catalog, traveler, { start: 30, nights: 2, adults: 1 });
    const b = await bookStay(t, agent, catalog, traveler, { start: 33, nights: 2, adults: 1 });
    const res = await modify(b.bookingId, { stay: stay(31) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('allotment_exhausted');
    expect(res.body.error.detail.dates).toEqual([daysFromToday(31)]);
    expect(await counts(30, 35)).toEqual([
      [daysFromToday(30), 1],
      [daysFromToday(31), 1],
      [daysFromToday(33), 1],
      [daysFromToday(34), 1],
    ]);
    const read = await t.http().get(`/v1/bookings/${b.bookingId}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(read.body.data.stay).toEqual(stay(33));
    expect(a.bookingId).not.toBe(b.bookingId);
  });

  it('refuses another number of nights or another total with both totals', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 40, nights: 2, adults: 1 });
    const longer = await modify(b.bookingId, { stay: stay(40, 3) });
    expect(longer.status).toBe(409);
    expect(longer.body.error.code).toBe('booking_modification_price_change');
    expect(longer.body.error.detail).toMatchObject({
      old_total: b.total,
      new_total: { amount: expect.any(Number), currency: 'EUR' },
      old_nights: 2,
      new_nights: 3,
    });
    expect(longer.body.error.detail.new_total.amount).toBeGreaterThan(b.total.amount);

    await setDailyRate(t.app, tenantId, catalog.freePlanId, daysFromToday(45), 12000);
    const pricier = await modify(b.bookingId, { stay: stay(44) });
    expect(pricier.status).toBe(409);
    expect(pricier.body.error.code).toBe('booking_modification_price_change');
    expect(pricier.body.error.detail.old_total).toEqual(b.total);
    expect(pricier.body.error.detail.new_total.amount).toBeGreaterThan(b.total.amount);
  });

  it('booking_not_modifiable for non-refundable, cancelled and started bookings', async () => {
    const nonRef = await bookStay(t, agent, catalog, traveler, { start: 50, nights: 1, adults: 1, planId: catalog.nonRefundablePlanId });
    const r1 = await modify(nonRef.bookingId, { stay: stay(52, 1) });
    expect(r1.status).toBe(409);
    expect(r1.body.error).toMatchObject({ code: 'booking_not_modifiable', detail: { state: 'confirmed', reason: 'non_refundable' } });

    const cancelled = await bookStay(t, agent, catalog, traveler, { start: 54, nights: 1, adults: 1 });
    await t.http().post(`/v1/bookings/${cancelled.bookingId}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler).send({});
    const r2 = await modify(cancelled.bookingId, { stay: stay(56, 1) });
    expect(r2.status).toBe(409);
    expect(r2.body.error).toMatchObject({ code: 'booking_not_modifiable', detail: { state: 'cancelled', reason: 'cancelled' } });

    const started = await bookStay(t, agent, catalog, traveler, { start: 0, nights: 1, adults: 1 });
    const r3 = await modify(started.bookingId, { stay: stay(58, 1) });
    expect(r3.status).toBe(409);
    expect(r3.body.error).toMatchObject({ code: 'booking_not_modifiable', detail: { state: 'confirmed', reason: 'stay_started' } });
  });

  it('only the traveler who booked, through the agent that booked; other tenants see nothing', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 60, nights: 1, adults: 1 });
    const stranger = await modify(b.bookingId, { stay: stay(62, 1) }, { who: await travelerDelegation(t.app, tenantId, 'someone-else') });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe('resource_access_denied');
    const otherAgent = await createChainAgent(t.app, tenantId);
    const byOther = await modify(b.bookingId, { stay: stay(62, 1) }, { bearer: otherAgent.apiKey });
    expect(byOther.status).toBe(403);
    expect(byOther.body.error.code).toBe('resource_access_denied');
    // Another tenant's agent, with a delegation bound to its own tenant, never learns the booking exists.
    const otherTenantId = (await createTenant(t.app)).tenantId;
    const otherTenant = await createChainAgent(t.app, otherTenantId);
    const hidden = await modify(
      b.bookingId,
      { stay: stay(62, 1) },
      { bearer: otherTenant.apiKey, who: await travelerDelegation(t.app, otherTenantId, 'traveler-modify') },
    );
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('booking_not_found');
    const noDelegation = await t
      .http()
      .post(`/v1/bookings/${b.bookingId}/modify`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({ stay: stay(62, 1) });
    expect(noDelegation.status).toBe(401);
    expect(noDelegation.body.error.code).toBe('delegation_required');
  });

  it('validates the stay (every path at once) and writes nothing', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 64, nights: 1, adults: 1 });
    const shape = await modify(b.bookingId, { stay: { check_in: 'tomorrow' }, extra: 1 });
    expect(shape.status).toBe(400);
    expect(shape.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual(['extra', 'stay.check_in', 'stay.check_out']);
    const past = await modify(b.bookingId, { stay: { check_in: daysFromToday(-3), check_out: daysFromToday(-2) } });
    expect(past.status).toBe(400);
    expect(past.body.error.detail.field_errors).toEqual([{ path: 'stay.check_in', message: expect.stringContaining('past') }]);
    const same = await modify(b.bookingId, { stay: stay(64, 1) });
    expect(same.status).toBe(400);
    expect(same.body.error.detail.field_errors).toEqual([{ path: 'stay', message: "is the booking's current stay" }]);
  });

  it('is idempotent like cancel: the same key replays, another body conflicts', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 70, nights: 1, adults: 1 });
    const first = await modify(b.bookingId, { stay: stay(72, 1) }, { key: 'modify-1' });
    expect(first.status).toBe(200);
    const replay = await modify(b.bookingId, { stay: stay(72, 1) }, { key: 'modify-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const conflict = await modify(b.bookingId, { stay: stay(74, 1) }, { key: 'modify-1' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    expect((await counts(70, 75)).filter(([, sold]) => sold === 1)).toEqual([[daysFromToday(72), 1]]);
  });

  it('never lets two concurrent modifications both apply', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 80, nights: 1, adults: 1 });
    // Both requests read the booking as booked and then meet at its row. A lock held here until both
    // wait on it makes them overlap on any machine: sent at once, the second could otherwise start
    // after the first had committed, and moving the booking again is then a modification of its own.
    const db = t.app.get(DataSource);
    const lock = db.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    let results: Array<Awaited<ReturnType<typeof modify>>>;
    try {
      await lock.query(`SELECT id FROM bookings WHERE id = $1 FOR UPDATE`, [b.bookingId]);
      const both = Promise.all([modify(b.bookingId, { stay: stay(82, 1) }), modify(b.bookingId, { stay: stay(84, 1) })]);
      const waiting = await eventually(
        async () =>
          (
            (await db.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE bookings SET check_in%'`,
            )) as Array<{ n: number }>
          )[0].n,
        (n) => n === 2,
        10_000,
        20,
      );
      expect(waiting).toBe(2);
      await lock.rollbackTransaction();
      results = await both;
    } finally {
      if (lock.isTransactionActive) await lock.rollbackTransaction();
      await lock.release();
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.error.code).toBe('booking_not_modifiable');
    const sold = (await counts(80, 86)).filter(([, s]) => s === 1);
    expect(sold).toHaveLength(1);
  });
});
