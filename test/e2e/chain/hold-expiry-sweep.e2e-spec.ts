import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SweepDueHolds } from '@hcs/domain';
import { jobIds, loadConfig, newTraceId, QueueName, RequestContext } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, inventoryOf, quoteAndHold } from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { TEST_DATABASE_URL } from '../../support/test-database';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The worker's sweep of due holds, its primary expiry (docs/booking-chain.md "Expiry",
 * docs/performance.md "The sweep of due holds"). The api schedules each hold's backstop job an hour
 * after its TTL and the repeatable per-hold sweep runs hourly, so only the set sweep can expire a
 * hold within a second here; the expiry carries the trace of the hold's creation, which only the
 * set sweep (or the job, an hour later) writes.
 */
describe('hold expiry by the sweep of due holds', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let db: DataSource;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  const env = { HOLD_TTL_SECONDS: '2', HOLD_EXPIRY_JOB_GRACE_MS: '3600000', HOLD_SWEEP_INTERVAL_SECONDS: '3600', HOLD_EXPIRY_SWEEP_INTERVAL_MS: '250' };

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

  it('expires holds within a second of expires_at, with the audit, outbox event and trace of the per-hold path, while their jobs still wait', async () => {
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

    // The backstop jobs have not fired: the sweep did the expiry.
    const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
    for (const id of ids) expect(await (await queue.getJob(jobIds.holdExpiry(id)))?.getState()).toBe('delayed');

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
      // The trace of the request that created the hold, as the job would have carried it.
      expect(audit[2].trace_id).toBe(audit[1].trace_id);
      const outbox = (await db.query(`SELECT type, trace_id, payload FROM outbox_events WHERE aggregate_id = $1`, [holdId])) as Array<{
        type: string;
        trace_id: string;
        payload: { hold_id: string; state: string };
      }>;
      expect(outbox).toEqual([{ type: 'hold.expired', trace_id: audit[1].trace_id, payload: expect.objectContaining({ hold_id: holdId, state: 'expired' }) }]);
    }
  });

  it('never expires a hold twice when sweepers run at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const { holdId } = await quoteAndHold(t, agent, catalog, { start: 20, nights: 2 });
      // Out of every sweep's reach while the others are taken (well within its 2 s TTL), then all due at the same instant.
      await db.query(`UPDATE holds SET expires_at = now() + interval '1 hour' WHERE id = $1`, [holdId]);
      ids.push(holdId);
    }
    expect(await heldOn(20)).toEqual([40, 40]);
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [ids]);

    // Two sweepers on two pools (the api's and the worker's), in small batches, racing the
    // worker's own timer and any other worker on this database.
    const sweeper = (app: INestApplicationContext) => async () => {
      const swept: string[] = [];
      for (;;) {
        const batch = await app.get(RequestContext).runWithTrace(newTraceId(), () => app.get(SweepDueHolds).execute(3));
        swept.push(...batch);
        if (batch.length < 3) return swept;
      }
    };
    const [a, b] = await Promise.all([sweeper(t.app)(), sweeper(worker)()]);
    const mine = new Set(ids);
    const sweptA = a.filter((id) => mine.has(id));
    const sweptB = b.filter((id) => mine.has(id));
    expect(sweptA.filter((id) => sweptB.includes(id))).toEqual([]);

    // A short batch means the rest is locked by another sweep's transaction, which commits shortly.
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

      const started = Date.now();
      const swept = await t.app.get(RequestContext).runWithTrace(newTraceId(), () => t.app.get(SweepDueHolds).execute(500));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(swept).not.toContain(holdId);
      // The other hold, due meanwhile, is expired by this sweep or the worker's: the locked one does not hold them up.
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
    // Booked (converting, then converted by the rest of the booking): every later sweep leaves it.
    await new Promise((r) => setTimeout(r, 600));
    await t.app.get(RequestContext).runWithTrace(newTraceId(), () => t.app.get(SweepDueHolds).execute(500));
    const [row] = (await db.query(`SELECT state FROM holds WHERE id = $1`, [holdId])) as Array<{ state: string }>;
    expect(row.state).toBe('converting');
    expect((await expiryRecords([holdId])).audit).toEqual([]);
    expect(await heldOn(30)).toEqual([1, 1]);
  });
});
