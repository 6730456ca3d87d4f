import { createTenant } from '../../support/factories';
import {
  bookStay,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  inventoryOf,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('Admin booking search and cancel (GET /v1/admin/bookings, POST /v1/admin/bookings/{id}/cancel)', () => {
  let t: TestApp;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let otherAgent: ChainAgent;
  let catalog: ChainCatalog;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    otherAgent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { freeHours: 48, feePct: 50 });
    const ada = await travelerDelegation(t.app, tenantId, 'traveler-ada');
    const bob = await travelerDelegation(t.app, tenantId, 'traveler-bob');
    ids.first = (await bookStay(t, agent, catalog, ada, { start: 10, nights: 2 })).bookingId;
    ids.second = (await bookStay(t, agent, catalog, bob, { start: 20, nights: 3 })).bookingId;
    ids.third = (await bookStay(t, otherAgent, catalog, ada, { start: 30, nights: 1 })).bookingId;
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}, key = adminKey) =>
    t.http().get('/v1/admin/bookings').query(query).set('authorization', `Bearer ${key}`);

  it('lists newest first with the summary shape and pages by cursor', async () => {
    const first = await list({ limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((b: { booking_id: string }) => b.booking_id)).toEqual([ids.third, ids.second]);
    expect(first.body.data.items[0]).toEqual({
      booking_id: ids.third,
      state: 'confirmed',
      property_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      stay: { check_in: daysFromToday(30), check_out: daysFromToday(31) },
      total: { amount: expect.any(Number), currency: 'EUR' },
      guest_name: 'Ada Lovelace',
      traveler: { iss: expect.any(String), sub: 'traveler-ada' },
      agent_id: otherAgent.agentId,
      created_at: expect.any(String),
    });
    expect(first.body.next_actions[0]).toEqual({ rel: 'get', method: 'GET', href: `/v1/bookings/${ids.third}` });
    const second = await list({ limit: 2, cursor: first.body.data.next_cursor });
    expect(second.body.data.items.map((b: { booking_id: string }) => b.booking_id)).toEqual([ids.first]);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('filters by id, agent, traveler, state and overlapping stay dates', async () => {
    const idsOf = async (q: Record<string, string>) => (await list(q)).body.data.items.map((b: { booking_id: string }) => b.booking_id);
    expect(await idsOf({ booking_id: ids.second })).toEqual([ids.second]);
    expect(await idsOf({ agent_id: agent.agentId })).toEqual([ids.second, ids.first]);
    expect(await idsOf({ traveler_sub: 'traveler-ada' })).toEqual([ids.third, ids.first]);
    expect(await idsOf({ traveler_sub: 'traveler-ada', agent_id: agent.agentId })).toEqual([ids.first]);
    // Nights 20, 21, 22: a range ending on the check-in night overlaps, one starting at check-out does not.
    expect(await idsOf({ stay_from: daysFromToday(15), stay_to: daysFromToday(20) })).toEqual([ids.second]);
    expect(await idsOf({ stay_from: daysFromToday(23), stay_to: daysFromToday(29) })).toEqual([]);
    expect(await idsOf({ state: 'cancelled', booking_id: ids.first })).toEqual([]);
  });

  it('refuses bad filters with every failing path, and agents', async () => {
    const bad = await list({ agent_id: 'nope', state: 'lost', stay_from: '2027-13', limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.detail.field_errors.map((f: { path: string }) => f.path).sort()).toEqual(['agent_id', 'limit', 'state', 'stay_from']);
    const reversed = await list({ stay_from: daysFromToday(10), stay_to: daysFromToday(5) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.detail.field_errors).toEqual([{ path: 'stay_to', message: 'must not be before stay_from' }]);
    const cursor = await list({ cursor: 'garbage' });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.detail.field_errors[0].path).toBe('cursor');
    const asAgent = await list({}, agent.apiKey);
    expect(asAgent.status).toBe(403);
  });

  it('does not show another tenant its bookings', async () => {
    const other = await createTenant(t.app);
    const res = await list({}, other.adminKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ items: [], next_cursor: null });
  });

  it('cancels on the traveler’s behalf: same fee rule, refund, room back, audit names the admin', async () => {
    const res = await t.http().post(`/v1/admin/bookings/${ids.second}/cancel`).set('authorization', `Bearer ${adminKey}`).send({ reason: 'hotel asked' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      booking_id: ids.second,
      state: 'cancelled',
      payment: { state: 'refunded' },
      cancellation: { fee: { amount: 0, currency: 'EUR' }, reason: 'hotel asked', policy_version: '2' },
    });
    expect(res.body.receipt).toMatchObject({ kind: 'booking_cancelled', subject: { booking_id: ids.second, traveler_sub: 'traveler-bob' } });
    const nights = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(20) && r.night < daysFromToday(23));
    expect(nights.map((r) => r.sold)).toEqual([0, 0, 0]);
    const audit = await t.http().get(`/v1/bookings/${ids.second}/audit`).set('authorization', `Bearer ${adminKey}`);
    const cancelled = audit.body.data.items.find((i: { type: string }) => i.type === 'booking.cancelled');
    expect(cancelled).toMatchObject({ actor: { kind: 'admin' }, traveler: { sub: 'traveler-bob' } });

    const again = await t.http().post(`/v1/admin/bookings/${ids.second}/cancel`).set('authorization', `Bearer ${adminKey}`).send({});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'booking_not_cancellable', detail: { state: 'cancelled' } });
    const missing = await t.http().post('/v1/admin/bookings/00000000-0000-4000-8000-000000000000/cancel').set('authorization', `Bearer ${adminKey}`).send({});
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('booking_not_found');
    const byAgent = await t.http().post(`/v1/admin/bookings/${ids.first}/cancel`).set('authorization', `Bearer ${agent.apiKey}`).send({});
    expect(byAgent.status).toBe(403);
    const unknownField = await t.http().post(`/v1/admin/bookings/${ids.first}/cancel`).set('authorization', `Bearer ${adminKey}`).send({ fee: 0 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.code).toBe('validation_failed');
  });
});
