import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, inventoryOf } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/holds and release', () => {
  let t: TestApp;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 2 });
  });
  afterAll(() => t.close());

  const quote = async (start: number, nights = 2, who = agent, cat = catalog) => {
    const res = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${who.apiKey}`)
      .send({
        hotel_id: cat.propertyId,
        room_type_id: cat.roomTypeId,
        rate_plan_id: cat.freePlanId,
        stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + nights) },
        guests: { adults: 2 },
      });
    expect(res.status).toBe(201);
    return res.body.data.quote_id as string;
  };
  const hold = (quoteId: string, who = agent, key?: string) => {
    const req = t.http().post('/v1/holds').set('authorization', `Bearer ${who.apiKey}`);
    return (key ? req.set('idempotency-key', key) : req).send({ quote_id: quoteId });
  };

  it('reserves every night and points at confirm, release and requote', async () => {
    const quoteId = await quote(30);
    const before = Date.now();
    const res = await hold(quoteId);
    const after = Date.now();
    expect(res.status).toBe(201);
    const h = res.body.data;
    expect(h).toMatchObject({
      quote_id: quoteId,
      state: 'held',
      room_type_id: catalog.roomTypeId,
      stay: { check_in: daysFromToday(30), check_out: daysFromToday(32) },
    });
    // HOLD_TTL_SECONDS (900) from the reservation, which happens while the request is under way.
    expect(Date.parse(h.expires_at)).toBeGreaterThanOrEqual(before + 900_000);
    expect(Date.parse(h.expires_at)).toBeLessThanOrEqual(after + 900_000);
    expect(res.body.expires_at).toBe(h.expires_at);
    expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['confirm', 'release', 'requote']);
    expect(res.body.next_actions[0]).toMatchObject({ method: 'POST', href: '/v1/bookings', body_hint: { hold_id: h.hold_id, quote_id: quoteId } });
    expect(res.body.next_actions[1]).toMatchObject({ method: 'POST', href: `/v1/holds/${h.hold_id}/release` });
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(30) && r.night < daysFromToday(32));
    expect(inv).toEqual([
      { night: daysFromToday(30), allotment: 2, held: 1, sold: 0 },
      { night: daysFromToday(31), allotment: 2, held: 1, sold: 0 },
    ]);

    const released = await t.http().post(`/v1/holds/${h.hold_id}/release`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(released.status).toBe(200);
    expect(released.body.data.state).toBe('released');
    expect(
      (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(30) && r.night < daysFromToday(32)).map((r) => r.held),
    ).toEqual([0, 0]);
    const again = await t.http().post(`/v1/holds/${h.hold_id}/release`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'hold_not_active', detail: { state: 'released' } });
  });

  it("refuses unknown, foreign and other agents' quotes and holds", async () => {
    const missing = await hold('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('quote_not_found');

    const other = await createTenant(t.app);
    const foreignAgent = await createChainAgent(t.app, other.tenantId);
    const foreignCatalog = await createChainCatalog(t.app, other.tenantId);
    const foreignQuote = await quote(10, 1, foreignAgent, foreignCatalog);
    expect((await hold(foreignQuote)).body.error.code).toBe('quote_not_found');

    const colleague = await createChainAgent(t.app, tenantId);
    const colleagueQuote = await quote(10, 1, colleague);
    const denied = await hold(colleagueQuote);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('resource_access_denied');

    const colleagueHold = (await hold(colleagueQuote, colleague)).body.data.hold_id;
    const release = await t.http().post(`/v1/holds/${colleagueHold}/release`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(release.body.error.code).toBe('resource_access_denied');
    const unknown = await t.http().post('/v1/holds/00000000-0000-4000-8000-000000000000/release').set('authorization', `Bearer ${agent.apiKey}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('hold_not_found');
  });

  it('rolls back all nights when one is full and names the full dates', async () => {
    const db = t.app.get(DataSource);
    await db.query(`INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, $3, 2, 0, 2)`, [
      tenantId,
      catalog.roomTypeId,
      daysFromToday(51),
    ]);
    const quoteId = await quote(50, 3);
    const res = await hold(quoteId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('allotment_exhausted');
    expect(res.body.error.detail.dates).toEqual([daysFromToday(51)]);
    // Nothing was written: no night holds a room (the reservation is one statement, so even the
    // night rows it would have created are not there).
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(50) && r.night < daysFromToday(53));
    expect(inv).toEqual([{ night: daysFromToday(51), allotment: 2, held: 0, sold: 2 }]);
  });

  it('gives exactly the allotment to 100 concurrent holds, the rest allotment_exhausted, never a 5xx', async () => {
    const quoteId = await quote(60, 2);
    const results = await Promise.all(Array.from({ length: 100 }, () => hold(quoteId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(98);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('allotment_exhausted');
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(60) && r.night < daysFromToday(62));
    expect(inv.map((r) => [r.held, r.sold])).toEqual([
      [2, 0],
      [2, 0],
    ]);
  });

  describe('idempotency', () => {
    it('replays the stored answer for the same key and body, marked Idempotent-Replayed', async () => {
      const quoteId = await quote(70, 1);
      const first = await hold(quoteId, agent, 'hold-key-1');
      const second = await hold(quoteId, agent, 'hold-key-1');
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect((await inventoryOf(t.app, catalog.roomTypeId)).find((r) => r.night === daysFromToday(70))?.held).toBe(1);
      // the body field is the same key, and is not part of the request hash
      const viaBody = await t
        .http()
        .post('/v1/holds')
        .set('authorization', `Bearer ${agent.apiKey}`)
        .send({ quote_id: quoteId, idempotency_key: 'hold-key-1' });
      expect(viaBody.headers['idempotent-replayed']).toBe('true');
      expect(viaBody.body).toEqual(first.body);
    });

    it('answers idempotency_conflict for the same key with another body', async () => {
      const a = await quote(71, 1);
      const b = await quote(72, 1);
      expect((await hold(a, agent, 'hold-key-2')).status).toBe(201);
      const conflict = await hold(b, agent, 'hold-key-2');
      expect(conflict.status).toBe(409);
      expect(conflict.body.error.code).toBe('idempotency_conflict');
    });

    it('scopes keys per principal and seals business errors but not validation failures', async () => {
      const colleague = await createChainAgent(t.app, tenantId);
      const mine = await quote(73, 1);
      const theirs = await quote(73, 1, colleague);
      expect((await hold(mine, agent, 'shared-key')).status).toBe(201);
      expect((await hold(theirs, colleague, 'shared-key')).status).toBe(201);

      const invalid = await t
        .http()
        .post('/v1/holds')
        .set('authorization', `Bearer ${agent.apiKey}`)
        .set('idempotency-key', 'reusable')
        .send({ quote_id: 'nope' });
      expect(invalid.status).toBe(400);
      const valid = await hold(await quote(74, 1), agent, 'reusable');
      expect(valid.status).toBe(201);

      const missing = await hold('00000000-0000-4000-8000-000000000001', agent, 'not-found-key');
      expect(missing.status).toBe(404);
      expect((await hold(await quote(75, 1), agent, 'not-found-key')).status).toBe(201);

      const tooLong = await hold(mine, agent, 'k'.repeat(256));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.detail.field_errors[0].path).toBe('Idempotency-Key');
      const mismatch = await t
        .http()
        .post('/v1/holds')
        .set('authorization', `Bearer ${agent.apiKey}`)
        .set('idempotency-key', 'a')
        .send({ quote_id: mine, idempotency_key: 'b' });
      expect(mismatch.status).toBe(400);
    });

    it('seals a 409 and replays it', async () => {
      const db = t.app.get(DataSource);
      await db.query(`INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, $3, 0, 0, 0)`, [
        tenantId,
        catalog.roomTypeId,
        daysFromToday(80),
      ]);
      const q = await quote(80, 1);
      const first = await hold(q, agent, 'sealed-409');
      expect(first.body.error.code).toBe('allotment_exhausted');
      await db.query(`UPDATE inventory_nights SET allotment = 1 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, daysFromToday(80)]);
      const replay = await hold(q, agent, 'sealed-409');
      expect(replay.status).toBe(409);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    });
  });
});

describe('quote expiry', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('refuses a hold on an expired quote with quote_expired (410)', async () => {
    t = await startTestApp({ QUOTE_TTL_SECONDS: '1' });
    const tenantId = (await createTenant(t.app)).tenantId;
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId);
    const q = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(5), check_out: daysFromToday(6) },
        guests: { adults: 1 },
      });
    await new Promise((r) => setTimeout(r, 1300));
    const res = await t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('quote_expired');
    expect(res.body.error.next_actions[0]).toMatchObject({ rel: 'requote', href: '/v1/quotes' });
  });
});
