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
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** Wiring of several rooms in one booking (docs/booking-chain.md "Several rooms"); the rules are unit and persistence tested. */
describe('Several rooms: quote, hold, book, cancel one room, cancel the rest', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let adminKey: string;

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-rooms');
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    // 5 rooms of 3 guests at 100.00 a night; free cancellation until 48 h before check-in, then 50 %.
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 5, maxOccupancy: 3, freeHours: 48, feePct: 50 });
  });
  afterAll(() => t.close());

  const as = (req: ReturnType<ReturnType<TestApp['http']>['post']>) => req.set('authorization', `Bearer ${agent.apiKey}`);
  // Check-in tomorrow: past the free window, so a cancellation costs 50 % of what it cancels.
  const stay = { check_in: daysFromToday(1), check_out: daysFromToday(3) };
  const quote = (party: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    as(t.http().post('/v1/quotes')).send({
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay,
      ...party,
      ...extra,
    });
  const paths = (res: { body: { error: { detail: { field_errors: Array<{ path: string }> } } } }) => res.body.error.detail.field_errors.map((e) => e.path);
  const nights = async () => (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= stay.check_in && r.night < stay.check_out);

  it('validates rooms against guests and the room type, every path at once', async () => {
    const both = await quote({ guests: { adults: 1 }, rooms: [{ adults: 1 }] }, { hotel_id: 'nope' });
    expect([both.status, both.body.error.code]).toEqual([400, 'validation_failed']);
    expect(paths(both)).toEqual(['guests', 'hotel_id', 'rooms']);
    expect(paths(await quote({}))).toEqual(['guests', 'rooms']);
    expect(paths(await quote({ rooms: Array.from({ length: 9 }, () => ({ adults: 1 })) }))).toEqual(['rooms']);
    const over = await quote({ rooms: [{ adults: 1 }, { adults: 3, children: [{ age: 4 }] }, { adults: 4 }] });
    expect([over.status, paths(over)]).toEqual([400, ['rooms[1]', 'rooms[2]']]);
    // A guests quote answers as ever: no rooms in its breakdown.
    const one = await quote({ guests: { adults: 2 } });
    expect(one.status).toBe(201);
    expect(one.body.data.price_breakdown).not.toHaveProperty('rooms');
  });

  it('3 rooms: quoted, held and sold as 3 units on every night; one room cancelled on its share; then the rest', async () => {
    const q = await quote({ rooms: [{ adults: 2 }, { adults: 1, children: [{ age: 5 }] }, { adults: 3 }] });
    expect(q.status).toBe(201);
    const price = q.body.data.price_breakdown;
    // Each room: 2 nights at 100.00, VAT 10 %, city tax 2.5 %, cleaning 15.00 per stay (per room) = 240.00.
    expect(price.rooms.map((r: { room: number; subtotal: unknown }) => [r.room, r.subtotal])).toEqual([
      [1, eur(20000)],
      [2, eur(20000)],
      [3, eur(20000)],
    ]);
    expect([price.subtotal, price.total, price.fees]).toEqual([
      eur(60000),
      eur(72000),
      [{ code: 'CLEANING', name: 'Cleaning fee', amount: eur(4500), included: false, payable: 'online' }],
    ]);
    expect([price.payable_online, price.payable_at_property]).toEqual([eur(72000), eur(0)]);
    expect(price.nights.map((n: { amount: unknown }) => n.amount)).toEqual([eur(30000), eur(30000)]);

    const h = await as(t.http().post('/v1/holds')).send({ quote_id: q.body.data.quote_id });
    expect(h.status).toBe(201);
    expect((await nights()).map((n) => n.held)).toEqual([3, 3]);

    const book = (guest: Record<string, unknown>) =>
      as(t.http().post('/v1/bookings'))
        .set('idempotency-key', `rooms-${JSON.stringify(guest).length}`)
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: h.body.data.hold_id, quote_id: q.body.data.quote_id, guest, payment: CARD() });
    const badName = await book({ ...GUEST, rooms: [{ room: 4, full_name: 'Nobody' }] });
    expect([badName.status, paths(badName)]).toEqual([400, ['guest.rooms[0].room']]);
    const booked = await book({ ...GUEST, rooms: [{ room: 3, full_name: 'Grace Hopper' }] });
    expect(booked.status).toBe(201);
    const id = booked.body.data.booking_id;
    expect((await nights()).map((n) => [n.held, n.sold])).toEqual([
      [0, 3],
      [0, 3],
    ]);
    const read = await t.http().get(`/v1/bookings/${id}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(read.body.data.rooms).toEqual([
      { room: 1, guests: { adults: 2, children: [] }, state: 'confirmed' },
      { room: 2, guests: { adults: 1, children: [{ age: 5 }] }, state: 'confirmed' },
      { room: 3, guests: { adults: 3, children: [] }, state: 'confirmed', full_name: 'Grace Hopper' },
    ]);

    // An allotment lowered below the 3 rooms sold: the oversell incident says the booking holds 3 of them.
    const lowered = await t
      .http()
      .put(`/v1/admin/room-types/${catalog.roomTypeId}/inventory`)
      .set('authorization', `Bearer ${adminKey}`)
      .send({ from: stay.check_in, to: stay.check_in, allotment: 2 });
    expect(lowered.status).toBe(200);
    const incidents = await t.http().get('/v1/admin/oversell-incidents').set('authorization', `Bearer ${adminKey}`);
    const incident = incidents.body.data.items.find(
      (i: { room_type_id: string; date: string }) => i.room_type_id === catalog.roomTypeId && i.date === stay.check_in,
    );
    expect(incident).toMatchObject({ oversold_by: 1, booking_ids: [id], booking_units: [{ booking_id: id, units: 3 }] });

    const cancelRoom = (room: string, key?: string) => {
      const req = as(t.http().post(`/v1/bookings/${id}/rooms/${room}/cancel`)).set(DELEGATION_HEADER, traveler);
      return (key ? req.set('idempotency-key', key) : req).send({ reason: 'one less' });
    };
    const one = await cancelRoom('2', 'cancel-room-2');
    expect(one.status).toBe(200);
    // Room 2's share is a third of 720.00; 50 % of it is kept.
    expect(one.body.receipt).toMatchObject({ kind: 'booking_cancelled', subject: { room: 2, fee_amount: 12000, refund_amount: 12000 } });
    expect(one.body.data).toMatchObject({ state: 'confirmed', payment: { state: 'partially_refunded', refunded: eur(12000) } });
    expect(one.body.data.rooms.map((r: { state: string }) => r.state)).toEqual(['confirmed', 'cancelled', 'confirmed']);
    expect((await nights()).map((n) => n.sold)).toEqual([2, 2]);

    // The same key replays the answer; without it the room is already cancelled.
    const replay = await cancelRoom('2', 'cancel-room-2');
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body.receipt]).toEqual([200, 'true', one.body.receipt]);
    const again = await cancelRoom('2');
    expect([again.status, again.body.error.code, again.body.error.detail]).toEqual([
      409,
      'booking_not_cancellable',
      expect.objectContaining({ room: 2, state: 'cancelled' }),
    ]);
    const unknown = await cancelRoom('9');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'booking_room_not_found']);
    expect((await cancelRoom('x')).status).toBe(400);

    const rest = await as(t.http().post(`/v1/bookings/${id}/cancel`))
      .set(DELEGATION_HEADER, traveler)
      .send({});
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ state: 'cancelled', cancellation: { fee: eur(24000), refund: eur(24000) }, payment: { refunded: eur(36000) } });
    expect(rest.body.data.rooms.map((r: { state: string }) => r.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await nights()).map((n) => n.sold)).toEqual([0, 0]);

    const audit = await t.http().get(`/v1/bookings/${id}/audit`).set('authorization', `Bearer ${agent.apiKey}`);
    const types = audit.body.data.items.map((i: { type: string }) => i.type);
    expect(types).toEqual(expect.arrayContaining(['booking.room_cancelled', 'booking.cancelled']));
    expect(audit.body.data.items.find((i: { type: string }) => i.type === 'booking.room_cancelled').data).toMatchObject({ room: 2 });
  });
});
