import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { OUTBOX_CATCH_UP_MS } from '../../../apps/worker/src/processors/outbox-relay.processor';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, travelerDelegation } from '../../support/chain-fixtures';
import { CountingPostgres, startCountingPostgres } from '../../support/counting-postgres';
import { createTenant } from '../../support/factories';
import { eventually } from '../../support/processes';
import { RedisCommandCount, redisCommandCount } from '../../support/redis-command-count';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { SHORT_HOLD_EXPIRY_DUE_MS, SHORT_HOLD_EXPIRY_ENV } from '../../support/short-hold-expiry';
import { startTestApp, TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

/**
 * Statements and Redis commands per booking chain for the WHOLE system (docs/performance.md,
 * "Statements per chain, whole system"): the api and the worker (outbox relay, webhook delivery,
 * follow-ups) on a Postgres and a Redis of the test's own that count what they receive. Two runs of
 * different length; the difference divided by the extra chains is the cost of one chain: quote,
 * hold and booking, each write with an Idempotency-Key as agents send it, and the worker's relay of
 * its outbox event (and, for a tenant with a subscribed endpoint, its `booking.confirmed` webhook).
 *
 * The statement count leaves out what time adds, so it does not depend on how long a run takes.
 * The worker's sweeps and purge run hourly here (each is a backstop; they run at boot, before any
 * count). What is left of the system's periodic work, the outbox relay's poll and catch-up, is found
 * by watching the idle system for two catch-up periods: a statement seen then counts only its calls
 * that did something (at most its rows; an idle poll returns none), every other statement all its
 * calls. Redis commands are counted over windows of the same length, so that the workers' periodic
 * commands (blocking fetches, heartbeats) are the same in both runs and cancel.
 *
 * Statements: quote 1 (its insert, priced from the catalog in memory: docs/catalog.md,
 * "Quotes priced from memory"; a stay starting in a block of nights not kept yet reads it, once per
 * 16 of these chains); hold 2 (the quote read claims the key, the hold statement seals the key's
 * answer); booking 3 (the hold and quote read claims the key, begin writes the attempt and the
 * sandbox charge, complete writes the booking and seals the key); relay 1 without an endpoint
 * (claim and mark in one statement) or 3 with one (the claim, which shares its text with the idle
 * poll and so counts its rows, the event and its delivery, and the mark); delivery 2 (claim the
 * attempt, record it). The per-process identity caches' refreshes follow the clock, not the
 * chains, and are counted apart (IDENTITY_REFRESH). Redis commands are mostly BullMQ's (the hold's expiry job added by the hold
 * and removed by the booking, its events stream, the workers' fetches), then the rate limit and
 * the tenants' webhook slots. With the hold's TTL short enough that its expiry job runs inside the
 * window (SHORT_HOLD_EXPIRY_ENV), a build that left the job of a booked hold to run fails both
 * budgets (docs/performance.md, "A booked hold's expiry job").
 * The tolerances allow for the catalog's blocks of nights (a statement per 16 chains) and the
 * windows' uneven periodic Redis commands (under 3).
 */
const BUDGET = {
  statements: { withoutEndpoint: 8, withEndpoint: 11 },
  redisCommands: { withoutEndpoint: 56, withEndpoint: 128 },
};
const TOLERANCE = { statements: 0.5, redisCommands: 3 };
/** Every periodic task but the outbox relay's runs this rarely: never inside a count. */
const HOURLY = '3600';
/** Long enough to see the outbox relay's poll (every second) and its catch-up (OUTBOX_CATCH_UP_MS) while idle. */
const IDLE_WATCH_MS = 2 * OUTBOX_CATCH_UP_MS;
/** The shortest window of a run; the longer run of a pair stretches it as far as it needs. */
const WINDOW_MS = 15_000;
/** Left in the window after the last chain: its hold's expiry job, if still there, runs inside it. */
const DEFERRED_MS = SHORT_HOLD_EXPIRY_DUE_MS + 500;
const SHORT = 2;
const LONG = 18;
/**
 * The per-process identity caches (credentials and their `last_used_at`, delegation issuers,
 * tenants) refresh an entry once it is CREDENTIAL_CACHE_TTL_MS old: a slower run meets more
 * refreshes. They are counted apart, and held to fewer than one per chain (a broken cache would
 * send one per request, three per chain).
 */
const IDENTITY_REFRESH = /\bFROM credentials\b|^UPDATE credentials SET last_used_at|\bFROM delegation_issuers\b|\bFROM tenants\b/;

describe('SQL statements and Redis commands per chain, api and worker together', () => {
  jest.setTimeout(300_000);
  let pg: CountingPostgres;
  let redis: OwnRedis;
  let commands: RedisCommandCount;
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let quiet: { agent: ChainAgent; catalog: ChainCatalog; traveler: string };
  let day = 30;
  /** The statements (by queryid) the system sends while idle: the outbox relay's poll and catch-up. */
  let periodic: Set<string>;

  beforeAll(async () => {
    pg = await startCountingPostgres();
    redis = await ownRedis();
    commands = redisCommandCount(redis.url);
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      ...SHORT_HOLD_EXPIRY_ENV,
      HOLD_SWEEP_INTERVAL_SECONDS: HOURLY,
      FOLLOW_UP_SWEEP_INTERVAL_SECONDS: HOURLY,
      OVERSELL_SWEEP_INTERVAL_SECONDS: HOURLY,
      IDEMPOTENCY_PURGE_INTERVAL_SECONDS: HOURLY,
    };
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    receiver = await new WebhookReceiver().start();
    const tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 100 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-system-count');
    const endpoint = await t
      .http()
      .post('/v1/admin/webhooks')
      .set('authorization', `Bearer ${tenant.adminKey}`)
      .send({ url: receiver.url('/count'), events: ['booking.confirmed'] });
    expect(endpoint.status).toBe(201);
    const other = await createTenant(t.app);
    quiet = {
      agent: await createChainAgent(t.app, other.tenantId),
      catalog: await createChainCatalog(t.app, other.tenantId, { defaultInventory: 100 }),
      traveler: await travelerDelegation(t.app, other.tenantId, 'traveler-system-count-quiet'),
    };
    // Warm every per-process cache (credential, tenant, issuer, receipt key) and the delivery path.
    await bookStay(t, quiet.agent, quiet.catalog, quiet.traveler, { start: (day += 2), nights: 2 });
    await bookStay(t, agent, catalog, traveler, { start: (day += 2), nights: 2 });
    await eventually(
      async () => receiver.at('/count').length,
      (n) => n >= 1,
    );
    // What the idle system sends: by the time it is seen, the boot's runs of the sweeps are over.
    await new Promise((r) => setTimeout(r, 1000));
    await pg.reset();
    await new Promise((r) => setTimeout(r, IDLE_WATCH_MS));
    const idle = await pg.entries();
    periodic = new Set(idle.map((e) => e.queryid));
    process.stderr.write(`idle for ${IDLE_WATCH_MS} ms:\n${idle.map((e) => `${String(e.calls).padStart(5)}  ${e.query}`).join('\n')}\n`);
  });

  /**
   * Statements since the last reset, a periodic one counting only its calls that did something, and
   * the identity caches' refreshes apart: those follow the clock, not the chains.
   */
  async function statementsCaused(): Promise<{ statements: number; refreshes: number; breakdown: Array<{ calls: number; query: string }> }> {
    const breakdown = (await pg.entries())
      .map((e) => ({
        calls: periodic.has(e.queryid) ? Math.min(e.calls, e.rows) : e.calls,
        query: periodic.has(e.queryid) ? `(periodic, ${e.calls} calls) ${e.query}` : IDENTITY_REFRESH.test(e.query) ? `(refresh) ${e.query}` : e.query,
      }))
      .filter((e) => e.calls > 0)
      .sort((a, b) => b.calls - a.calls);
    const refreshes = breakdown.filter((e) => e.query.startsWith('(refresh) ')).reduce((n, e) => n + e.calls, 0);
    return { statements: breakdown.reduce((n, e) => n + e.calls, 0) - refreshes, refreshes, breakdown };
  }
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
    await pg?.stop();
    await commands?.close();
    await redis?.stop();
  });

  interface Counts {
    statements: number;
    refreshes: number;
    redisCommands: number;
    breakdown: Array<{ calls: number; query: string }>;
    redisBreakdown: Array<{ calls: number; command: string }>;
  }

  /**
   * `chains` bookings, then waits for their webhooks (when subscribed), inside one window of
   * `windowMs`, or, for the first run of a pair, of WINDOW_MS or as long as the run needs to leave
   * its holds' expiry jobs DEFERRED_MS to fire: a slow machine gets a longer window, never a failure.
   */
  async function run(chains: number, webhooks: boolean, windowMs?: number): Promise<Counts & { windowMs: number }> {
    const delivered = receiver.at('/count').length;
    const who = webhooks ? { agent, catalog, traveler } : quiet;
    await pg.reset();
    await commands.reset();
    const started = Date.now();
    for (let i = 0; i < chains; i++) {
      const start = (day += 2);
      await bookStay(t, who.agent, who.catalog, who.traveler, { start, nights: 2, holdKey: `hold-${webhooks}-${start}` });
    }
    if (webhooks) {
      await eventually(
        async () => receiver.at('/count').length - delivered,
        (n) => n >= chains,
        60_000,
        50,
      );
    }
    const busy = Date.now() - started;
    const window = windowMs ?? Math.max(WINDOW_MS, Math.ceil((busy + DEFERRED_MS) / 1000) * 1000);
    // The shorter run of a pair takes less than the longer one, whose window it shares.
    if (busy + DEFERRED_MS > window) throw new Error(`the run of ${chains} chains took ${busy} ms, longer than the pair's longer run`);
    await new Promise((r) => setTimeout(r, window - busy));
    const caused = await statementsCaused();
    return {
      statements: caused.statements,
      refreshes: caused.refreshes,
      redisCommands: await commands.commands(),
      breakdown: caused.breakdown,
      redisBreakdown: await commands.breakdown(),
      windowMs: window,
    };
  }

  async function perChain(webhooks: boolean): Promise<{ statements: number; redisCommands: number; refreshes: number; report: string }> {
    // Both runs in one window, so their fixed and periodic costs cancel: the longer run sets it.
    const long = await run(LONG, webhooks);
    const short = await run(SHORT, webhooks, long.windowMs);
    const statements = (long.statements - short.statements) / (LONG - SHORT);
    const redisCommands = (long.redisCommands - short.redisCommands) / (LONG - SHORT);
    const report = [
      `statements per chain ${statements.toFixed(2)} (${short.statements} for ${SHORT} chains, ${long.statements} for ${LONG}, periodic polls left out)`,
      ...long.breakdown.map((s) => `${String(s.calls).padStart(5)}  ${s.query}`),
      `Redis commands per chain ${redisCommands.toFixed(2)} (${short.redisCommands} for ${SHORT} chains, ${long.redisCommands} for ${LONG})`,
      ...long.redisBreakdown.map((c) => `${String(c.calls).padStart(5)}  ${c.command}`),
    ].join('\n');
    process.stderr.write(`${webhooks ? 'with' : 'without'} a webhook endpoint: ${report}\n`);
    return { statements, redisCommands, refreshes: long.refreshes, report };
  }

  /** Both budgets of one run, with the breakdown shown when one is exceeded. */
  function expectWithin(
    measured: { statements: number; redisCommands: number; refreshes: number; report: string },
    budget: { statements: number; redisCommands: number },
  ) {
    expect({
      statementsWithinBudget: measured.statements <= budget.statements + TOLERANCE.statements,
      redisCommandsWithinBudget: measured.redisCommands <= budget.redisCommands + TOLERANCE.redisCommands,
      cachesHold: measured.refreshes < LONG,
      report: measured.report,
    }).toEqual({ statementsWithinBudget: true, redisCommandsWithinBudget: true, cachesHold: true, report: measured.report });
  }

  it(`sends at most ${BUDGET.statements.withoutEndpoint} statements and ${BUDGET.redisCommands.withoutEndpoint} Redis commands per chain, api and worker together, for a tenant without webhooks`, async () => {
    expectWithin(await perChain(false), { statements: BUDGET.statements.withoutEndpoint, redisCommands: BUDGET.redisCommands.withoutEndpoint });
  });

  it(`sends at most ${BUDGET.statements.withEndpoint} statements and ${BUDGET.redisCommands.withEndpoint} Redis commands per chain with its booking.confirmed webhook delivered`, async () => {
    expectWithin(await perChain(true), { statements: BUDGET.statements.withEndpoint, redisCommands: BUDGET.redisCommands.withEndpoint });
  });
});
