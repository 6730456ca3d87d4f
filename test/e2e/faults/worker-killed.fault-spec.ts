import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ChainAgent, ChainCatalog } from '../../support/chain-fixtures';
import { daysFromToday } from '../../support/chain-fixtures';
import type { ApiProcess } from '../../support/processes';
import { eventually, runNode } from '../../support/processes';
import { HoldExpiryStack, startHoldExpiryStack } from '../../support/hold-expiry-stack';

/**
 * A built worker is killed (SIGKILL) while hold-expiry jobs are firing; a second worker takes over
 * (docs/operations-faults.md): every hold is expired, none twice (one `hold.expired` audit entry and
 * outbox event each), and the inventory ends where it started.
 */
describe('worker killed with jobs in flight', () => {
  let stack: HoldExpiryStack;
  let db: DataSource;
  let api: ApiProcess;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let workers: ChildProcess[];

  beforeAll(async () => {
    stack = await startHoldExpiryStack(20);
    ({ db, api, agent, catalog, workers } = stack);
  }, 60_000);
  afterAll(() => stack?.stop());

  const startWorker = (sweepSeconds: number) => {
    const { child } = runNode('dist/apps/worker/src/main.js', [], {
      ...stack.workerEnv,
      LOG_LEVEL: 'silent',
      HOLD_SWEEP_INTERVAL_SECONDS: String(sweepSeconds),
    });
    workers.push(child);
    return child;
  };

  it('loses no expiry and does none twice', async () => {
    const q = await request(api.baseUrl)
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(80), check_out: daysFromToday(82) },
        guests: { adults: 2 },
      });
    expect(q.status).toBe(201);
    const holdIds: string[] = [];
    const holdBatch = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const h = await request(api.baseUrl).post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
        expect(h.status).toBe(201);
        holdIds.push(h.body.data.hold_id);
      }
    };
    await holdBatch(8);
    // The first worker only has the delayed jobs (its backstop sweep is an hour away): it dies as they fire.
    const first = startWorker(3600);
    await holdBatch(8);
    const expiredCount = async () => Number((await db.query(`SELECT count(*) AS n FROM holds WHERE id = ANY($1) AND state = 'expired'`, [holdIds]))[0].n);
    await eventually(expiredCount, (n) => n >= 1, 15_000, 10);
    // Holds taken now are due 2 s after the kill below, however slow the machine was until here
    // (a slow worker boot leaves every earlier job due at once, and they may all be done in a poll).
    await holdBatch(4);
    first.kill('SIGKILL');
    await new Promise((resolve) => (first.exitCode !== null ? resolve(null) : first.on('exit', resolve)));
    const atKill = await expiredCount();
    expect(atKill).toBeLessThan(holdIds.length);

    startWorker(1);
    const all = await eventually(expiredCount, (n) => n === holdIds.length, 30_000, 100);
    expect(all).toBe(holdIds.length);

    const audit = await db.query(`SELECT hold_id, count(*)::int AS n FROM audit_events WHERE hold_id = ANY($1) AND type = 'hold.expired' GROUP BY hold_id`, [
      holdIds,
    ]);
    expect(audit).toHaveLength(holdIds.length);
    expect(audit.every((r: { n: number }) => r.n === 1)).toBe(true);
    const outbox = await db.query(
      `SELECT aggregate_id, count(*)::int AS n FROM outbox_events WHERE aggregate_id = ANY($1) AND type = 'hold.expired' GROUP BY aggregate_id`,
      [holdIds],
    );
    expect(outbox).toHaveLength(holdIds.length);
    expect(outbox.every((r: { n: number }) => r.n === 1)).toBe(true);
    const nights = await db.query(`SELECT held, sold FROM inventory_nights WHERE room_type_id = $1 AND night >= $2 AND night < $3 ORDER BY night`, [
      catalog.roomTypeId,
      daysFromToday(80),
      daysFromToday(82),
    ]);
    expect(nights).toEqual([
      { held: 0, sold: 0 },
      { held: 0, sold: 0 },
    ]);
  }, 90_000);
});
