import { DataSource } from 'typeorm';
import { ExpireHold } from '@hcs/domain';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, inventoryOf, quoteAndHold } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * No worker runs here: a hold past its TTL is only expired by the reads and writes of the api
 * (docs/booking-chain.md "Faults"). Holds are made due by moving `expires_at` into the past.
 */
describe('expired holds without a worker', () => {
  let t: TestApp;
  let db: DataSource;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 1 });
  });
  afterAll(() => t.close());

  // Dead-lettered too: the backstop sweeps of the workers other spec files run on the shared test
  // database expire any overdue hold within seconds (docs/booking-chain.md "Expiry"); they leave a
  // dead-lettered hold alone, and the api's reads and writes here do not look at that mark.
  const makeDue = (holdId: string) =>
    db.query(`UPDATE holds SET expires_at = now() - interval '1 second', expiry_dead_lettered_at = now() WHERE id = $1`, [holdId]);
  const held = async (from: number, to: number) =>
    (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(from) && r.night < daysFromToday(to)).map((r) => r.held);
  const search = (start: number, nights: number, destination: boolean) =>
    t
      .http()
      .post('/v1/search')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        ...(destination ? { destination: { type: 'property', value: catalog.propertyId } } : {}),
        stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + nights) },
        guests: { adults: 1 },
      });

  it('counts a due hold as free in search, with and without a destination', async () => {
    const { holdId } = await quoteAndHold(t, agent, catalog, { start: 20, nights: 2, adults: 1 });
    for (const destination of [true, false]) expect((await search(20, 2, destination)).body.data.results).toEqual([]);
    await makeDue(holdId);
    for (const destination of [true, false]) {
      const res = await search(20, 2, destination);
      expect(res.status).toBe(200);
      expect(res.body.data.results.map((r: { hotel_id: string }) => r.hotel_id)).toEqual([catalog.propertyId]);
    }
  });

  it('reclaims a due hold of the same room type for a new hold, on all of its nights, with audit and outbox', async () => {
    // The old hold covers nights 30-32; the new stay only night 31.
    const old = await quoteAndHold(t, agent, catalog, { start: 30, nights: 3, adults: 1 });
    expect(await held(29, 34)).toEqual([1, 1, 1]);
    await expect(quoteAndHold(t, agent, catalog, { start: 31, nights: 1, adults: 1 })).rejects.toThrow(/allotment_exhausted/);

    await makeDue(old.holdId);
    const fresh = await quoteAndHold(t, agent, catalog, { start: 31, nights: 1, adults: 1 });
    expect(await held(29, 34)).toEqual([0, 1, 0]);
    const states = await db.query(`SELECT id, state FROM holds WHERE id = ANY($1)`, [[old.holdId, fresh.holdId]]);
    expect(Object.fromEntries(states.map((h: { id: string; state: string }) => [h.id, h.state]))).toEqual({ [old.holdId]: 'expired', [fresh.holdId]: 'held' });

    const audit = await db.query(`SELECT type, actor_kind, actor_id, data FROM audit_events WHERE hold_id = $1 ORDER BY id`, [old.holdId]);
    expect(audit).toEqual([
      { type: 'hold.created', actor_kind: 'agent', actor_id: agent.agentId, data: expect.any(Object) },
      { type: 'hold.expired', actor_kind: 'system', actor_id: 'hold-expiry', data: { expires_at: expect.any(String), reclaimed: true } },
    ]);
    const outbox = await db.query(`SELECT type, payload FROM outbox_events WHERE aggregate_id = $1`, [old.holdId]);
    expect(outbox).toEqual([
      {
        type: 'hold.expired',
        // The hold as the REST read shows it (docs/events.md), now expired.
        payload: {
          hold_id: old.holdId,
          quote_id: old.quoteId,
          state: 'expired',
          hotel_id: catalog.propertyId,
          room_type_id: catalog.roomTypeId,
          rate_plan_id: expect.any(String),
          stay: { check_in: daysFromToday(30), check_out: daysFromToday(33) },
          total: expect.objectContaining({ currency: 'EUR' }),
          created_at: expect.any(String),
          expires_at: expect.any(String),
        },
      },
    ]);

    // The worker's job for the old hold, arriving late, finds nothing to do (no double release).
    expect(await t.app.get(ExpireHold).expireDue(tenantId, old.holdId)).toBe('not_held');
    expect(await held(29, 34)).toEqual([0, 1, 0]);
  });

  it('leaves a due hold alone when the new hold does not get its rooms', async () => {
    const blocker = await quoteAndHold(t, agent, catalog, { start: 40, nights: 1, adults: 1 });
    const due = await quoteAndHold(t, agent, catalog, { start: 41, nights: 1, adults: 1 });
    await makeDue(due.holdId);
    // Nights 40-41: night 40 is taken by a live hold, so nothing is reclaimed (rolled back with the hold).
    await expect(quoteAndHold(t, agent, catalog, { start: 40, nights: 2, adults: 1 })).rejects.toThrow(/allotment_exhausted/);
    const [state] = await db.query(`SELECT state FROM holds WHERE id = $1`, [due.holdId]);
    expect(state.state).toBe('held');
    expect(await held(40, 42)).toEqual([1, 1]);
    expect(blocker.holdId).toBeDefined();
  });
});
