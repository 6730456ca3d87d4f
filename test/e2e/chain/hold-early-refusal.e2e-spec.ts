import { DataSource, QueryRunner } from 'typeorm';
import type { Response } from 'supertest';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, inventoryOf, quoteStay } from '../../support/chain-fixtures';
import { countSqlStatements, StatementCounter } from '../../../bench/lib/sql-statement-counter';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The hold's early refusal (docs/booking-chain.md "Hold", docs/performance.md "Hot room: the early refusal"): when
 * the quote read already shows a night with no room left, even after the due holds covering it
 * are reclaimed, the hold answers 409 `allotment_exhausted` from that read alone, with the answer
 * the slow path's transaction gives; it never grants a room, so N holds on k rooms still yield k.
 */
describe('POST /v1/holds: early refusal of a sold-out stay', () => {
  let t: TestApp;
  let db: DataSource;
  let counter: StatementCounter;
  let tenantId: string;
  let agent: ChainAgent;
  /** One room. */
  let single: ChainCatalog;
  /** Three rooms. */
  let triple: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    counter = countSqlStatements();
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    single = await createChainCatalog(t.app, tenantId, { defaultInventory: 1 });
    triple = await createChainCatalog(t.app, tenantId, { defaultInventory: 3 });
  });
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  const quote = async (catalog: ChainCatalog, start: number, nights: number) => {
    const res = await quoteStay(t, agent, catalog, { start, nights, adults: 1 });
    expect(res.status).toBe(201);
    return res.body.data.quote_id as string;
  };
  const hold = (quoteId: string, key?: string) => {
    const req = t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`);
    return (key ? req.set('idempotency-key', key) : req).send({ quote_id: quoteId });
  };
  /** One request and the statements the api sent for it (at the `pg` client, BEGIN and COMMIT included). */
  const counted = async (request: () => Promise<Response>) => {
    counter.reset();
    const res = await request();
    return { res, statements: [...counter.statements] };
  };
  const transactional = (statements: string[]) => statements.filter((s) => /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i.test(s));
  const held = async (catalog: ChainCatalog, from: number, to: number) =>
    (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(from) && r.night < daysFromToday(to)).map((r) => r.held);
  const makeDue = (holdIds: string[]) => db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [holdIds]);
  /** A body without its trace ids, which differ from one request to the next. */
  const untraced = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(untraced)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'trace_id' ? [] : [[k, untraced(v)]])))
        : value;
  /** The parts of an answer that do not change from one request to the next (trace ids, the etag over them, the date and the rate limit's count left out). */
  const stable = (res: Response) => {
    const body = untraced(res.body);
    const headers = Object.keys(res.headers)
      .filter((h) => !['date', 'traceparent', 'etag'].includes(h))
      .sort()
      .map((h) => [h, /ratelimit|retry-after/i.test(h) ? 'varies' : res.headers[h]]);
    return { status: res.status, body, headers };
  };
  const storedAnswer = async (key: string) => {
    const rows: Array<{ state: string; response_status: number; response_body: Record<string, unknown> }> = await db.query(
      `SELECT state, response_status, response_body FROM idempotency_records WHERE tenant_id = $1 AND idempotency_key = $2`,
      [tenantId, key],
    );
    expect(rows).toHaveLength(1);
    return { state: rows[0].state, status: rows[0].response_status, body: untraced(rows[0].response_body) };
  };

  it("refuses from the quote read alone, with the slow path's answer, headers and stored idempotent response", async () => {
    const quoteId = await quote(single, 20, 2);
    const first = await hold(quoteId);
    expect(first.status).toBe(201);

    // The slow path's refusal, for comparison: the room's hold is due, so the read cannot prove the
    // stay full, but another transaction locks that hold, so the slow path's reclaim skips it.
    await makeDue([first.body.data.hold_id]);
    const locker: QueryRunner = db.createQueryRunner();
    await locker.connect();
    await locker.startTransaction();
    let slow: { res: Response; statements: string[] };
    try {
      await locker.query(`SELECT id FROM holds WHERE id = $1 FOR UPDATE`, [first.body.data.hold_id]);
      slow = await counted(() => hold(quoteId, 'slow-refusal'));
    } finally {
      await locker.rollbackTransaction();
      await locker.release();
    }
    expect(slow.res.status).toBe(409);
    expect(transactional(slow.statements).length).toBeGreaterThan(0);

    // The hold is live again: the read proves the stay full.
    await db.query(`UPDATE holds SET expires_at = now() + interval '1 hour' WHERE id = $1`, [first.body.data.hold_id]);
    const early = await counted(() => hold(quoteId));
    expect(early.res.status).toBe(409);
    expect(early.res.body.error).toMatchObject({
      code: 'allotment_exhausted',
      detail: { quote_id: quoteId, room_type_id: single.roomTypeId, dates: [daysFromToday(20), daysFromToday(21)] },
      next_actions: [expect.objectContaining({ rel: 'search' })],
    });
    // One statement, the quote read; no reservation, no transaction.
    expect(early.statements).toHaveLength(1);
    expect(early.statements[0]).toMatch(/^SELECT id, tenant_id, agent_id, property_id, room_type_id/);
    expect(transactional(early.statements)).toEqual([]);
    expect(stable(early.res)).toEqual(stable(slow.res));

    // With an Idempotency-Key: the read claims it and the 409 is sealed, as the slow path seals it.
    const keyed = await counted(() => hold(quoteId, 'early-refusal'));
    expect(keyed.statements).toHaveLength(2);
    expect(transactional(keyed.statements)).toEqual([]);
    expect(stable(keyed.res)).toEqual(stable(slow.res));
    expect(await storedAnswer('early-refusal')).toEqual(await storedAnswer('slow-refusal'));
    expect((await storedAnswer('early-refusal')).status).toBe(409);
    const replay = await hold(quoteId, 'early-refusal');
    expect(replay.status).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(keyed.res.body);

    expect(await held(single, 20, 22)).toEqual([1, 1]);
    const holds = await db.query(`SELECT count(*)::int AS n FROM holds WHERE quote_id = $1`, [quoteId]);
    expect(holds[0].n).toBe(1);
  });

  it('still takes a due hold back: a night full only by due holds is not refused early', async () => {
    const quoteId = await quote(single, 30, 1);
    const old = await hold(quoteId);
    expect(old.status).toBe(201);
    await makeDue([old.body.data.hold_id]);
    const fresh = await counted(() => hold(quoteId));
    expect(fresh.res.status).toBe(201);
    expect(transactional(fresh.statements).length).toBeGreaterThan(0);
    expect(await held(single, 30, 31)).toEqual([1]);
  });

  it('gives exactly k of N concurrent holds to k rooms; on the sold-out stay every later hold is refused without a transaction', async () => {
    const quoteId = await quote(triple, 40, 2);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => hold(quoteId, i % 2 === 0 ? `burst-${i}` : undefined)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(57);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('allotment_exhausted');
    expect(await held(triple, 40, 42)).toEqual([3, 3]);

    counter.reset();
    const later = await Promise.all(Array.from({ length: 30 }, () => hold(quoteId)));
    expect(later.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 409));
    // Counted over the whole process, so a cache refresh may land in the window: what matters is
    // one quote read per hold and nothing of a reservation.
    const sent = [...counter.statements];
    expect(transactional(sent)).toEqual([]);
    expect(sent.filter((s) => /^SELECT id, tenant_id, agent_id, property_id, room_type_id/.test(s))).toHaveLength(30);
    expect(sent.filter((s) => /inventory_nights|INSERT INTO holds|FROM holds/.test(s))).toEqual([]);
    expect(await held(triple, 40, 42)).toEqual([3, 3]);
  });

  it('gives exactly k of N concurrent holds when the k rooms are held by due holds (they are reclaimed, not refused)', async () => {
    const quoteId = await quote(triple, 50, 2);
    const old = await Promise.all([0, 1, 2].map(() => hold(quoteId)));
    expect(old.map((r) => r.status)).toEqual([201, 201, 201]);
    await makeDue(old.map((r) => r.body.data.hold_id as string));
    const results = await Promise.all(Array.from({ length: 40 }, () => hold(quoteId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(37);
    expect(await held(triple, 50, 52)).toEqual([3, 3]);
    const states: Array<{ state: string; n: number }> = await db.query(
      `SELECT state, count(*)::int AS n FROM holds WHERE quote_id = $1 GROUP BY state ORDER BY state`,
      [quoteId],
    );
    expect(states).toEqual([
      { state: 'expired', n: 3 },
      { state: 'held', n: 3 },
    ]);
  });
});
