import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { CountingPostgres, startCountingPostgres } from '../../support/counting-postgres';
import { OwnRedis, ownRedis } from '../../support/redis-server';

/**
 * An idle worker costs the database almost nothing (docs/booking-chain.md "Expiry"): with no hold
 * due, hold expiry sends no statement but the backstop's one indexed read per
 * HOLD_SWEEP_INTERVAL_SECONDS (a repeatable job, one run across every worker process), and no
 * transaction at all. Counted where the statements arrive (a Postgres of the test's own,
 * pg_stat_statements), over a window of a few seconds, with the worker's settings left at their
 * defaults. The bounds are counts of runs, not rates: a slower machine runs less in a window, never more.
 */
const WINDOW_MS = 4000;

describe('an idle worker', () => {
  jest.setTimeout(120_000);
  let pg: CountingPostgres;
  let redis: OwnRedis;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    pg = await startCountingPostgres('hcs_test_idle_worker');
    redis = await ownRedis();
    worker = await createWorkerApp(loadConfig({ ...process.env, DATABASE_URL: pg.url, REDIS_URL: redis.url, WORKER_METRICS_PORT: '0' }));
  });
  afterAll(async () => {
    await worker?.close();
    await pg?.stop();
    await redis?.stop();
  });

  it('sends no hold-expiry work while no hold is due: at most one cheap read of the backstop per run, no transaction', async () => {
    await pg.reset();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const breakdown = await pg.breakdown();
    const report = `${await pg.statements()} statements in ${WINDOW_MS} ms\n${breakdown.map((s) => `${String(s.calls).padStart(5)}  ${s.query}`).join('\n')}`;
    process.stderr.write(`an idle worker: ${report}\n`);
    const onHolds = breakdown.filter((s) => /\bholds\b/i.test(s.query));
    // The outbox relay's fallback poll (docs/events.md) is the one statement on a sub-window period.
    const outboxPoll = (s: { query: string }) => /^WITH claimed AS \( SELECT [a-z_, ]+ FROM outbox_events\b/.test(s.query);
    expect({
      // Hold expiry: only the backstop's read (no write), run at boot and at most once more in the window.
      holdStatements: onHolds.map((s) => ({ read: /^SELECT\b/i.test(s.query) && !/\b(UPDATE|INSERT|DELETE)\b/i.test(s.query), atMostTwice: s.calls <= 2 })),
      // No transaction: nothing is due, so nothing is expired.
      transactions: breakdown.filter((s) => /^\s*(BEGIN|START TRANSACTION|COMMIT)\b/i.test(s.query)).length,
      // Every other periodic task of the worker runs at boot and at most once more: none polls faster.
      pollingFasterThanTheWindow: breakdown.filter((s) => !outboxPoll(s) && s.calls > 2).map((s) => s.query),
      report,
    }).toEqual({
      holdStatements: onHolds.length === 0 ? [] : [{ read: true, atMostTwice: true }],
      transactions: 0,
      pollingFasterThanTheWindow: [],
      report,
    });
  });
});
