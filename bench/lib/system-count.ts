import IORedis from 'ioredis';
import { Client } from 'pg';
import { ALL_QUEUES } from '@hcs/platform';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { startCountingPostgres } from '../../test/support/counting-postgres';
import { redisCommandCount } from '../../test/support/redis-command-count';
import { ownRedis } from '../../test/support/redis-server';
import { SHORT_HOLD_EXPIRY_DUE_MS, SHORT_HOLD_EXPIRY_ENV } from '../../test/support/short-hold-expiry';
import { bookChain } from './chain-scenarios';
import { seedChainTenant } from './fixtures';
import { freePort, Service, startService, waitForHealth, waitForWorker } from './processes';

/** The counts of one run: `chains` bookings and everything the system did in the run's window. */
export interface CountedRun {
  chains: number;
  statements: number;
  redis_commands: number;
  /** Settle probes sent in the window (their statements are excluded, their commands subtracted). */
  probes: number;
  /** ms from the first request until the system had settled (outbox drained, no job due). */
  busy_ms: number;
}

export type SystemCount =
  | {
      measured: true;
      /** Statements per chain, api and worker together: the median over the pairs of runs. */
      per_chain: number;
      redis_per_chain: number;
      pairs: Array<{ short: CountedRun; long: CountedRun; statements_per_chain: number; redis_per_chain: number }>;
      window_ms: number;
      /** The last long run's statements and commands by text and name, most called first. */
      statements: Array<{ calls: number; query: string }>;
      redis_commands: Array<{ calls: number; command: string }>;
    }
  | { measured: false; reason: string };

export interface SystemCountOptions {
  /** The bench's service environment (production settings); database, Redis and queue prefix are replaced. */
  env: Record<string, string>;
  audience: string;
  short: number;
  long: number;
  pairs: number;
  /** A multiple of PERIOD_MS: every periodic task then runs as often in each window. */
  windowMs: number;
}

/**
 * Every periodic task of the worker runs at a period dividing this: the outbox relay's catch-up job
 * and the heartbeat (5 s), the outbox poll (1 s), and here the sweeps and the idempotency purge,
 * whose intervals this count sets to 5 s (their defaults, 30–300 s, would land in one window and
 * not the other).
 */
const PERIOD_MS = 5000;
/** Both windows of a pair start at this phase of the period. */
const PHASE_MS = 2500;
const SETTLE_TIMEOUT_MS = 30_000;
/** Commands one Redis settle probe sends (four per queue): subtracted from the window's count. */
const PROBE_COMMANDS = ALL_QUEUES.length * 4;
/** pg_stat_statements keeps a statement's leading comment; counting-postgres leaves out any text naming pg_stat_statements. */
const PROBE_SQL = `/* pg_stat_statements: the bench's settle probe, not counted */ SELECT count(*)::int AS n FROM outbox_events WHERE relayed_at IS NULL`;

/** How many times a pair's window may grow by one period before the count is given up. */
const MAX_WIDENINGS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * SQL statements and Redis commands per chain of the whole system (api and worker), counted where
 * they arrive, as test/e2e/performance/system-round-trips.e2e-spec.ts counts them: a Postgres with
 * pg_stat_statements and a redis-server of the bench's own (the e2e test's support code starts
 * them), a built api and worker in production mode on them, nothing else. Runs of `short` and
 * `long` chains (sequential, hold and booking keyed as agents send them), each in a window of the
 * same length starting at the same phase of the worker's 5 s period, after the system has settled
 * (outbox drained, no job waiting, active or due) and once it has settled again, the expiry jobs of
 * the run's holds due meanwhile (a short TTL): the difference
 * divided by the extra chains is one chain, its relay included, with the fixed and periodic costs
 * cancelled. The median over `pairs` pairs of runs is reported.
 */
export async function countSystemOnOwnServers(opts: SystemCountOptions): Promise<SystemCount> {
  if (opts.windowMs % PERIOD_MS !== 0) throw new Error(`the window must be a multiple of ${PERIOD_MS} ms`);
  const stack: Array<() => Promise<unknown>> = [];
  try {
    let pg: Awaited<ReturnType<typeof startCountingPostgres>>;
    try {
      pg = await startCountingPostgres('hcs_bench_counted');
    } catch (error) {
      return { measured: false, reason: `no Postgres of its own: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
    }
    stack.push(() => pg.stop());
    const redis = await ownRedis();
    stack.push(() => redis.stop());
    const commands = redisCommandCount(redis.url);
    stack.push(() => commands.close());
    const db = createDataSource({ databaseUrl: pg.url, databasePoolSize: 1 });
    await db.initialize();
    const fx = await seedChainTenant(db, opts.audience);
    await db.destroy();

    const prefix = `hcs-count-${process.pid}`;
    const env = {
      ...opts.env,
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      ...SHORT_HOLD_EXPIRY_ENV,
      HOLD_SWEEP_INTERVAL_SECONDS: String(PERIOD_MS / 1000),
      OVERSELL_SWEEP_INTERVAL_SECONDS: String(PERIOD_MS / 1000),
      FOLLOW_UP_SWEEP_INTERVAL_SECONDS: String(PERIOD_MS / 1000),
      IDEMPOTENCY_PURGE_INTERVAL_SECONDS: String(PERIOD_MS / 1000),
      WORKER_METRICS_PORT: '0',
    };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api: Service = startService('api', { ...env, PORT: String(port) });
    stack.push(() => api.stop());
    const worker: Service = startService('worker', env);
    stack.push(() => worker.stop());
    await waitForHealth(url, api);
    await waitForWorker(url, worker);

    const probeSql = new Client({ connectionString: pg.url });
    await probeSql.connect();
    stack.push(() => probeSql.end());
    const probeRedis = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
    probeRedis.on('error', () => undefined);
    stack.push(async () => probeRedis.disconnect());
    let probes = 0;
    /** Outbox events not relayed plus jobs waiting, active, prioritized or due, over both stores. */
    const pending = async (): Promise<number> => {
      probes += 1;
      const [{ n }] = (await probeSql.query(PROBE_SQL)).rows as Array<{ n: number }>;
      const due = Date.now() * 0x1000 + 0xfff;
      const p = probeRedis.pipeline();
      for (const q of ALL_QUEUES) {
        p.llen(`${prefix}:${q}:wait`).llen(`${prefix}:${q}:active`).zcard(`${prefix}:${q}:prioritized`).zcount(`${prefix}:${q}:delayed`, 0, due);
      }
      const replies = (await p.exec()) ?? [];
      return n + replies.reduce((sum, [, count]) => sum + Number(count ?? 0), 0);
    };
    /** Until two probes 100 ms apart find nothing to do. */
    const settle = async (): Promise<boolean> => {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      let quiet = 0;
      while (Date.now() < deadline) {
        quiet = (await pending()) === 0 ? quiet + 1 : 0;
        if (quiet >= 2) return true;
        await sleep(100);
      }
      return false;
    };

    let day = 150;
    for (let i = 0; i < 2; i++) await bookChain(url, fx, (day += 2));
    class NotMeasured extends Error {}
    /** A run that needed longer than the window: the pair is run again in a longer one. */
    class WindowTooShort extends Error {}
    // Both runs of a pair use one window, so their fixed and periodic costs cancel; a machine slow
    // enough to outlast it gets the next multiple of the worker's period instead of no count.
    let windowMs = opts.windowMs;
    const run = async (chains: number): Promise<CountedRun> => {
      if (!(await settle())) throw new NotMeasured(`the system did not settle within ${SETTLE_TIMEOUT_MS} ms before a run`);
      const now = Date.now();
      await sleep((PHASE_MS - (now % PERIOD_MS) + PERIOD_MS) % PERIOD_MS || PERIOD_MS);
      await pg.reset();
      await commands.reset();
      probes = 0;
      const started = Date.now();
      for (let i = 0; i < chains; i++) await bookChain(url, fx, (day += 2));
      // The last hold's expiry job is due by then: settling waits for it if it is still there.
      await sleep(SHORT_HOLD_EXPIRY_DUE_MS);
      if (!(await settle())) throw new NotMeasured(`the run of ${chains} chains did not settle within ${SETTLE_TIMEOUT_MS} ms`);
      const busy = Date.now() - started;
      if (busy > windowMs - 1000) throw new WindowTooShort(`the run of ${chains} chains took ${busy} ms to settle, too long for the ${windowMs} ms window`);
      await sleep(windowMs - (Date.now() - started));
      const statements = await pg.statements();
      const redisCommands = (await commands.commands()) - probes * PROBE_COMMANDS;
      return { chains, statements, redis_commands: redisCommands, probes, busy_ms: busy };
    };
    try {
      const pairs: Extract<SystemCount, { measured: true }>['pairs'] = [];
      const pairOfRuns = async (): Promise<[CountedRun, CountedRun]> => {
        for (let widened = 0; ; widened++) {
          try {
            return [await run(opts.short), await run(opts.long)];
          } catch (error) {
            if (!(error instanceof WindowTooShort) || widened === MAX_WIDENINGS) throw error instanceof WindowTooShort ? new NotMeasured(error.message) : error;
            windowMs += PERIOD_MS;
          }
        }
      };
      for (let i = 0; i < opts.pairs; i++) {
        const [short, long] = await pairOfRuns();
        const extra = opts.long - opts.short;
        pairs.push({
          short,
          long,
          statements_per_chain: Number(((long.statements - short.statements) / extra).toFixed(2)),
          redis_per_chain: Number(((long.redis_commands - short.redis_commands) / extra).toFixed(2)),
        });
      }
      const perChain = median(pairs.map((p) => p.statements_per_chain));
      const redisPerChain = median(pairs.map((p) => p.redis_per_chain));
      if (!(perChain > 0 && redisPerChain > 0)) {
        return { measured: false, reason: `the runs gave ${perChain} statements and ${redisPerChain} commands per chain: ${JSON.stringify(pairs)}` };
      }
      const own: Record<string, number> = { llen: 2 * ALL_QUEUES.length, zcard: ALL_QUEUES.length, zcount: ALL_QUEUES.length };
      const byName = (await commands.breakdown())
        .map((c) => ({ calls: c.calls - probes * (own[c.command] ?? 0), command: c.command }))
        .filter((c) => c.calls > 0)
        .sort((a, b) => b.calls - a.calls);
      return {
        measured: true,
        per_chain: perChain,
        redis_per_chain: redisPerChain,
        pairs,
        window_ms: windowMs,
        statements: await pg.breakdown(),
        redis_commands: byName,
      };
    } catch (error) {
      if (error instanceof NotMeasured) return { measured: false, reason: error.message };
      throw error;
    }
  } finally {
    for (const undo of stack.reverse()) await undo().catch(() => undefined);
  }
}
