import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ExpireDueHolds, ExpireHold } from '@hcs/domain';
import { jobIds, loadConfig, newTraceId, QueueName, RequestContext } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, inventoryOf, quoteAndHold } from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { TEST_DATABASE_URL } from '../../support/test-database';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Hold expiry's mechanism, the delayed job of each hold due at its `expires_at`
 * (docs/booking-chain.md "Expiry"). The backstop sweep runs hourly here, so only the jobs can
 * expire a hold within a second; every path that expires holds (the job's batch, the per-hold
 * expiry, the backstop) expires each hold once however many run at once.
 */
describe('hold expiry by its delayed job', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let db: DataSource;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  const env = { HOLD_TTL_SECONDS: '2', HOLD_SWEEP_INTERVAL_SECONDS: '3600' };

  beforeAll(async () => {
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    db = t.app.get(DataSource);
    const tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 60 });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const heldOn = async (start: number, nights = 2) =>
    (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(start) && r.night < daysFromToday(start + nights)).map((r) => r.held);

  /** The hold.expired audit entries and outbox events of `holdIds`, by hold. */
  const expiryRecords = async (holdIds: string[]) => ({
    audit: (await db.query(`SELECT hold_id, count(*)::int AS n FROM audit_events WHERE hold_id = ANY($1) AND type = 'hold.expired' GROUP BY hold_id`, [
      holdIds,
    ])) as Array<{ hold_id: string; n: number }>,
    outbox: (await db.query(
      `SELECT aggregate_id, count(*)::int AS n FROM outbox_events WHERE aggregate_id = ANY($1) AND type = 'hold.expired' GROUP BY aggregate_id`,
      [holdIds],
    )) as Array<{ aggregate_id: string; n: number }>,
  });

  const inTrace = <T>(app: INestApplicationContext, run: () => Promise<T>) => app.get(RequestContext).runWithTrace(newTraceId(), run);

  it('expires holds within a second of expires_at by their jobs, with the audit, outbox event and trace of the hold', async () => {
    const holds = await Promise.all([10, 12, 14].map((start) => quoteAndHold(t, agent, catalog, { start })));
    const ids = holds.map((h) => h.holdId);
    expect(await heldOn(10, 6)).toEqual([1, 1, 1, 1, 1, 1]);
    const states = await eventually(
      async () => (await db.query(`SELECT state FROM holds WHERE id = ANY($1)`, [ids])) as Array<{ state: string }>,
      (rows) => rows.every((r) => r.state === 'expired'),
      8000,
      50,
    );
    expect(states.map((r) => r.state)).toEqual(['expired', 'expired', 'expired']);
    // Lag by the database's own clocks: the expiring transaction's start minus expires_at.
    const lags = (await db.query(`SELECT (extract(epoch FROM updated_at - expires_at) * 1000)::float8 AS lag FROM holds WHERE id = ANY($1)`, [ids])) as Array<{
      lag: number;
    }>;
    for (const { lag } of lags) {
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(1000);
    }
    expect(await heldOn(10, 6)).toEqual([0, 0, 0, 0, 0, 0]);

    // Each hold's own job did it (the backstop is an hour away).
    const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
    for (const id of ids) {
      const job = await queue.getJob(jobIds.holdExpiry(id));
      expect({ state: await job?.getState(), result: job?.returnvalue }).toEqual({ state: 'completed', result: { result: 'expired' } });
    }

    for (const { holdId, quoteId } of holds) {
      const audit = (await db.query(`SELECT type, actor_kind, actor_id, trace_id, data FROM audit_events WHERE quote_id = $1 ORDER BY id`, [
        quoteId,
      ])) as Array<{
        type: string;
        actor_kind: string;
        actor_id: string;
        trace_id: string;
        data: Record<string, unknown>;
      }>;
      expect(audit.map((a) => [a.type, a.actor_kind])).toEqual([
        ['quote.created', 'agent'],
        ['hold.created', 'agent'],
        ['hold.expired', 'system'],
      ]);
      expect(audit[2]).toMatchObject({ actor_id: 'hold-expiry', data: { expires_at: expect.any(String) } });
      expect(audit[2].data).not.toHaveProperty('reclaimed');
      // The trace of the request that created the hold, which its job carries.
      expect(audit[2].trace_id).toBe(audit[1].trace_id);
      const outbox = (await db.query(`SELECT type, trace_id, payload FROM outbox_events WHERE aggregate_id = $1`, [holdId])) as Array<{
        type: string;
        trace_id: string;
        payload: { hold_id: string; state: string };
      }>;
      expect(outbox).toEqual([{ type: 'hold.expired', trace_id: audit[1].trace_id, payload: expect.objectContaining({ hold_id: holdId, state: 'expired' }) }]);
    }
  });

  it('never expires a hold twice when batches, single expiries and backstop sweeps of two processes race', async () => {
    const refs: Array<{ tenantId: string; holdId: string; traceId: string }> = [];
    const [{ tenant_id: tenantId }] = (await db.query(`SELECT tenant_id FROM room_types WHERE id = $1`, [catalog.roomTypeId])) as Array<{ tenant_id: string }>;
    for (let i = 0; i < 40; i++) {
      const { holdId } = await quoteAndHold(t, agent, catalog, { start: 20, nights: 2 });
      // Out of its job's reach (the job finds it not due and gives up), then all due at the same instant.
      await db.query(`UPDATE holds SET expires_at = now() + interval '1 hour' WHERE id = $1`, [holdId]);
      refs.push({ tenantId, holdId, traceId: newTraceId() });
    }
    const ids = refs.map((r) => r.holdId);
    expect(await heldOn(20)).toEqual([40, 40]);
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [ids]);

    // On two pools (the api's and the worker's): two batches of every hold, each hold on its own,
    // and two backstop sweeps, all at once (and any job still retrying, and any worker on this database).
    const runs = [t.app, worker].flatMap((app) => [
      inTrace(app, () => app.get(ExpireDueHolds).execute(refs)),
      ...refs.slice(0, 10).map((r) => inTrace(app, () => app.get(ExpireHold).expireDue(r.tenantId, r.holdId))),
      inTrace(app, () => app.get(ExpireHold).sweep(500)),
    ]);
    await Promise.all(runs);

    const states = await eventually(
      async () =>
        (await db.query(`SELECT state, count(*)::int AS n FROM holds WHERE id = ANY($1) GROUP BY state`, [ids])) as Array<{ state: string; n: number }>,
      (rows) => rows.length === 1 && rows[0].state === 'expired',
      3000,
      20,
    );
    expect(states).toEqual([{ state: 'expired', n: 40 }]);
    const { audit, outbox } = await expiryRecords(ids);
    expect(audit).toHaveLength(40);
    expect(audit.every((r) => r.n === 1)).toBe(true);
    expect(outbox).toHaveLength(40);
    expect(outbox.every((r) => r.n === 1)).toBe(true);
    // Every room given back once: none left held, none given back twice (the counter would refuse).
    expect(await heldOn(20)).toEqual([0, 0]);
  });

  it('leaves alone, without waiting for it, a hold that a booking in progress has locked, and never expires it once booked', async () => {
    const { holdId } = await quoteAndHold(t, agent, catalog, { start: 30, nights: 2 });
    const other = await quoteAndHold(t, agent, catalog, { start: 33, nights: 1 });
    const [{ tenant_id: tenantId }] = (await db.query(`SELECT tenant_id FROM holds WHERE id = $1`, [holdId])) as Array<{ tenant_id: string }>;
    const booking = new Client({ connectionString: TEST_DATABASE_URL });
    await booking.connect();
    try {
      await booking.query('BEGIN');
      // The booking's first write, as the conversion sends it (libs/persistence/src/booking/sql-booking-conversion.ts):
      // it takes the hold while it is live and keeps the row locked until its transaction ends.
      const begun = await booking.query(
        `UPDATE holds SET state = 'converting', converting_key = 'booking-in-progress', updated_at = now()
          WHERE id = $1 AND state = 'held' AND expires_at > now() RETURNING id`,
        [holdId],
      );
      expect(begun.rowCount).toBe(1);
      // The hold falls due while the booking is still in progress.
      const [{ wait }] = (await db.query(`SELECT greatest(0, extract(epoch FROM expires_at - now()) * 1000)::float8 AS wait FROM holds WHERE id = $1`, [
        holdId,
      ])) as Array<{ wait: number }>;
      await new Promise((r) => setTimeout(r, wait + 300));

      // The batch its job joins skips the locked hold at once.
      const started = Date.now();
      const outcomes = await inTrace(t.app, () => t.app.get(ExpireDueHolds).execute([{ tenantId, holdId, traceId: newTraceId() }]));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(outcomes.get(holdId)).toBeUndefined();
      // The other hold, due meanwhile, is expired by its job: the locked one does not hold it up.
      const otherState = await eventually(
        async () => ((await db.query(`SELECT state FROM holds WHERE id = $1`, [other.holdId])) as Array<{ state: string }>)[0].state,
        (s) => s === 'expired',
        3000,
        50,
      );
      expect(otherState).toBe('expired');

      await booking.query('COMMIT');
    } finally {
      await booking.end();
    }
    // Booked (converting, then converted by the rest of the booking): its job and every later expiry leave it.
    expect(await inTrace(t.app, () => t.app.get(ExpireHold).expireDue(tenantId, holdId))).toBe('not_held');
    await inTrace(t.app, () => t.app.get(ExpireHold).sweep(500));
    const [row] = (await db.query(`SELECT state FROM holds WHERE id = $1`, [holdId])) as Array<{ state: string }>;
    expect(row.state).toBe('converting');
    expect((await expiryRecords([holdId])).audit).toEqual([]);
    expect(await heldOn(30)).toEqual([1, 1]);
  });
});
