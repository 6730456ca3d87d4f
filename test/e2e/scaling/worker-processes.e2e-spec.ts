import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { WorkerConcurrency } from '../../../apps/worker/src/processors/worker-concurrency';
import type { ChainAgent, ChainCatalog } from '../../support/chain-fixtures';
import { daysFromToday } from '../../support/chain-fixtures';
import type { ApiProcess } from '../../support/processes';
import { eventually, runNode } from '../../support/processes';
import { HoldExpiryStack, startHoldExpiryStack } from '../../support/hold-expiry-stack';

/** WORKER_CONCURRENCY_<QUEUE> and several worker processes on one set of queues (docs/scaling.md). */
describe('worker processes and their concurrency', () => {
  let stack: HoldExpiryStack;
  let db: DataSource;
  let api: ApiProcess;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let workers: ChildProcess[];

  beforeAll(async () => {
    stack = await startHoldExpiryStack(30);
    ({ db, api, agent, catalog, workers } = stack);
  }, 60_000);
  afterAll(() => stack?.stop());

  it('applies WORKER_CONCURRENCY_<QUEUE> to its queue and keeps the defaults of the others', async () => {
    const worker = await createWorkerApp(
      loadConfig({ ...process.env, ...stack.workerEnv, WORKER_CONCURRENCY_WEBHOOK_DELIVERY: '7', WORKER_CONCURRENCY_HOLD_EXPIRY: '3' }),
    );
    try {
      expect(worker.get(WorkerConcurrency).current()).toEqual({
        'hold-expiry': 3,
        'outbox-relay': 1,
        'webhook-delivery': 7,
        'oversell-sweep': 1,
        'guest-follow-up': 4,
      });
    } finally {
      await worker.close();
    }
  });

  it('two worker processes share the hold expiries: every hold expired once, by either', async () => {
    for (let i = 0; i < 2; i += 1) {
      const { child } = runNode('dist/apps/worker/src/main.js', [], {
        ...stack.workerEnv,
        LOG_LEVEL: 'silent',
        HOLD_SWEEP_INTERVAL_SECONDS: '1',
        WORKER_CONCURRENCY_HOLD_EXPIRY: '2',
      });
      workers.push(child);
    }
    const q = await request(api.baseUrl)
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(90), check_out: daysFromToday(92) },
        guests: { adults: 2 },
      });
    expect(q.status).toBe(201);
    const holdIds: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const h = await request(api.baseUrl).post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
      expect(h.status).toBe(201);
      holdIds.push(h.body.data.hold_id);
    }
    const expiredCount = async () => Number((await db.query(`SELECT count(*) AS n FROM holds WHERE id = ANY($1) AND state = 'expired'`, [holdIds]))[0].n);
    expect(await eventually(expiredCount, (n) => n === holdIds.length, 40_000, 200)).toBe(holdIds.length);
    const audit = await db.query(`SELECT hold_id, count(*)::int AS n FROM audit_events WHERE hold_id = ANY($1) AND type = 'hold.expired' GROUP BY hold_id`, [
      holdIds,
    ]);
    expect(audit).toHaveLength(holdIds.length);
    expect(audit.every((r: { n: number }) => r.n === 1)).toBe(true);
    const outbox = await db.query(
      `SELECT aggregate_id, count(*)::int AS n FROM outbox_events WHERE aggregate_id = ANY($1) AND type = 'hold.expired' GROUP BY aggregate_id`,
      [holdIds],
    );
    expect(outbox.every((r: { n: number }) => r.n === 1)).toBe(true);
    expect(outbox).toHaveLength(holdIds.length);
    const nights = await db.query(`SELECT held, sold FROM inventory_nights WHERE room_type_id = $1 AND night >= $2 AND night < $3 ORDER BY night`, [
      catalog.roomTypeId,
      daysFromToday(90),
      daysFromToday(92),
    ]);
    expect(nights).toEqual([
      { held: 0, sold: 0 },
      { held: 0, sold: 0 },
    ]);
    expect(workers.every((w) => w.exitCode === null)).toBe(true);
  }, 90_000);
});
