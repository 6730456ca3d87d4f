/**
 * `npm run bench`: builds, seeds a benchmark catalog, starts the built api and worker with
 * production-like settings (NODE_ENV=production, info logs, a tenant delegation issuer, the sandbox
 * provider switched on explicitly) and runs every scenario, printing one table in which each row
 * names its in-run baseline and the ratio to it. Results go to bench/results/ as JSON (with the
 * commit and machine) and as an SVG chart. `--smoke` (or BENCH_SMOKE=1) runs everything for about
 * a second each on a small catalog: CI runs it so the bench never rots. `--only contention,expiry`
 * (names of ONLY_SCENARIOS) runs just those scenarios and prints their details, nothing written:
 * a quick before/after of one figure; `--only client` runs the chain with the load generator on
 * fetch and on node:http, alternated, and prints its CPU per chain with each; `--only processes`
 * runs the chain on one api process and on two, both warm, alternated (BENCH_PROCESS_ROUNDS, 4
 * each, the order turning each round); `--only patches` runs the chain on the api as built and on
 * the api with each framework patch reverted, alternated the same way (docs/performance.md
 * "Framework patches"). The chain rows carry
 * the CPU per chain of every process (bench/lib/cpu.ts), printed under the table.
 * docs/performance.md reads it.
 *
 * env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_DB (hcs_bench), BENCH_REDIS
 * (redis://127.0.0.1:6379/14), BENCH_SECONDS, BENCH_PROPERTIES, BENCH_PENDING_HOLDS,
 * BENCH_CONTENTION, BENCH_SOAK_SECONDS, BENCH_CHAIN_WARMUP_SECONDS (45: untimed chains before
 * each chain shape's window), BENCH_SEARCH_WARMUP_SECONDS (30: untimed searches before the search
 * window), BENCH_RESULTS_DIR, BENCH_CLIENT (http, or fetch: the chain load
 * generator's HTTP client)
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createDataSource } from '../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../libs/persistence/src/migration-runner';
import { BENCH_CITIES } from '../apps/cli/src/seed/bench-cities';
import { chainClient, ChainClientName, delegationsFor, holdExpiryLag, hotRoomContention, runChains, setChainClient } from './lib/chain-scenarios';
import { cpuLine, CpuPerChain, cpuWindow } from './lib/cpu';
import { isoDay, seedChainTenant } from './lib/fixtures';
import { measure, startHelloServer } from './lib/load';
import { apiNodeArgs, DIST, freePort, productionLikeEnv, Service, startBuilt, startService, waitForHealth } from './lib/processes';
import { printTable, ratio, Row, unusedStem, writeResults } from './lib/report';
import { countChainRoundTrips } from './lib/round-trips';
import { restrictionUpdates } from './lib/restriction-updates';
import { otaRateMessage } from './lib/ota-rate-message';
import { countSystemOnOwnServers } from './lib/system-count';
import { ariPolling } from './lib/feed-timing';
import { feedIsolation } from './lib/feed-isolation';
import { MINIMAL_NEST_ENTRY, measureBareRoute, measureWithCpu, PIPELINE_API_ENTRY } from './lib/pipeline';
import { FRAMEWORK_PATCHES } from './pipeline/framework-patches';
import { soak } from './lib/soak';
import { pgbenchTps } from './lib/pgbench';
import { searchAtScale } from './lib/search-scale';

const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
/**
 * The chain's target in issue 21: 0.03 of `pgbench -N` at p99 < 150 ms, with no failed chain; its
 * second stage (0.05) is read beside it, in the row's note (docs/performance.md, "The table").
 */
const CHAIN_TARGET = { ratio: 0.03, secondStage: 0.05, p99Ms: 150 };
function chainVerdict(
  chain: { failures: number; p99_ms: number; chains_per_second: number },
  chainRatio: number,
  [before, after]: [number, number],
): Pick<Row, 'target' | 'met' | 'note'> {
  return {
    target: `ratio >= ${CHAIN_TARGET.ratio} (then ${CHAIN_TARGET.secondStage}), p99 < ${CHAIN_TARGET.p99Ms} ms`,
    met: chain.failures === 0 && chainRatio >= CHAIN_TARGET.ratio && chain.p99_ms < CHAIN_TARGET.p99Ms,
    note:
      `ratio ${chainRatio}: second stage (>= ${CHAIN_TARGET.secondStage}) ${chainRatio >= CHAIN_TARGET.secondStage ? 'met' : 'not met'}; ` +
      `pgbench -N ${before} tps before, ${after} after (${ratio(chain.chains_per_second, before)} and ${ratio(chain.chains_per_second, after)} of each); ` +
      `${chain.failures} failed chains`,
  };
}

const ONLY_SCENARIOS = ['chain', 'contention', 'expiry', 'client', 'system', 'reads', 'processes', 'patches'] as const;
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg < 0 ? null : (process.argv[onlyArg + 1] ?? '').split(',');
if (ONLY && !ONLY.every((name) => (ONLY_SCENARIOS as readonly string[]).includes(name))) {
  throw new Error(`--only takes a comma-separated list of ${ONLY_SCENARIOS.join(', ')}`);
}
const env = (name: string, full: number, smoke: number) => Number(process.env[name] ?? (SMOKE ? smoke : full));
const CFG = {
  seconds: env('BENCH_SECONDS', 10, 1),
  properties: env('BENCH_PROPERTIES', 1000, 20),
  connections: 10,
  chainConcurrency: 16,
  contention: env('BENCH_CONTENTION', 500, 40),
  pendingHolds: env('BENCH_PENDING_HOLDS', 10_000, 40),
  holdTtlSeconds: SMOKE ? 2 : 30,
  soakSeconds: env('BENCH_SOAK_SECONDS', 300, 0),
  /**
   * Chains run untimed right before each chain shape's windows: a fresh process compiles the
   * chain's code for about 40 s of this load, and a window measured before that measures V8's
   * compiler (docs/performance.md, "Measured warm").
   */
  chainWarmUpSeconds: env('BENCH_CHAIN_WARMUP_SECONDS', 45, 1),
  /**
   * Searches run untimed right before the search window: a fresh process's CPU per search falls by
   * half over its first 40 s of them, and the rows before it warm the pipeline, not search's use
   * case or its offers' mapping (docs/performance.md, "Measured warm").
   */
  searchWarmUpSeconds: env('BENCH_SEARCH_WARMUP_SECONDS', 30, 0),
  /**
   * "Search at scale": the same city (~perCity matching properties) searched on a tenant of
   * `small` properties and on one of `large`, each a tenant of its own.
   */
  searchScale: SMOKE ? { small: 20, large: 200, perCity: 5 } : { small: 1000, large: 10_000, perCity: 100 },
  /** "OTA rate message": a channel manager's push of `days` days for `roomTypes` × `plansPerRoom` rate plans. */
  otaRates: SMOKE ? { roomTypes: 4, plansPerRoom: 2, days: 30 } : { roomTypes: 20, plansPerRoom: 3, days: 365 },
};
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB ?? (SMOKE ? 'hcs_bench_smoke' : 'hcs_bench');
const DB_URL = `${PG}/${DB_NAME}`;
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/14';
const PUBLIC_URL = 'https://bench.hcs.invalid';

/** test/e2e/performance/system-round-trips.e2e-spec.ts's budget for a tenant without webhooks (56) with its tolerance (3). */
const REDIS_COMMANDS_PER_CHAIN = 59;
/** `--only processes`: windows of each shape, alternated (BENCH_PROCESS_ROUNDS). */
const PROCESS_ROUNDS = Number(process.env.BENCH_PROCESS_ROUNDS ?? 4);
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

async function freshDatabase(): Promise<DataSource> {
  const admin = createDataSource({ databaseUrl: `${PG}/postgres`, databasePoolSize: 1 });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  await admin.destroy();
  await ensureDatabase(DB_URL);
  const db = createDataSource({ databaseUrl: DB_URL, databasePoolSize: 2 });
  await db.initialize();
  await runMigrations(db);
  return db;
}

/**
 * The chain's tables start empty in the bench's fresh database; a running service's have
 * statistics (autovacuum analyzes a table within a minute of it growing by a tenth). Without them
 * the planner's cached plans are the ones it chose for empty tables, which a service never runs
 * for long (docs/performance.md, "Plans").
 */
async function analyzeChainTables(db: DataSource): Promise<void> {
  await db.query(
    'ANALYZE quotes, holds, bookings, payments, payment_attempts, audit_events, outbox_events, idempotency_records, follow_ups, booking_authorizations, inventory_nights',
  );
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  log(`${SMOKE ? 'smoke' : 'full'} run on ${DB_URL}`);
  const db = await freshDatabase();
  const fx = await seedChainTenant(db, PUBLIC_URL);
  const serviceEnv: Record<string, string> = {
    ...productionLikeEnv({ publicUrl: PUBLIC_URL, databaseUrl: DB_URL, redisUrl: REDIS, queuePrefix: `hcs-bench-${process.pid}` }),
    HOLD_TTL_SECONDS: String(CFG.holdTtlSeconds),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_ANON_PER_MINUTE: '1000000000',
    // The expiry scenario's one agent holds every pending hold at once.
    MAX_LIVE_HOLDS_PER_AGENT: String(Math.max(1000, CFG.pendingHolds * 2)),
  };
  // Runs of 2 and 18 chains (10 in the smoke), three pairs, 10 s windows (docs/performance.md).
  const systemCount = { env: serviceEnv, audience: PUBLIC_URL, short: 2, long: SMOKE ? 10 : 18, pairs: SMOKE ? 1 : 3, windowMs: SMOKE ? 10_000 : 15_000 };
  const cli = join(DIST, 'apps', 'cli', 'src', 'main.js');
  const seedBench = (...args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, [cli, 'seed', 'bench', ...args, '--json'], {
        env: { ...process.env, ...serviceEnv, NODE_ENV: 'development' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as { tenant_id: string; agent_api_key: string; properties: number };
  const catalog = seedBench('--properties', String(CFG.properties));
  const [{ id: propertyId }] = await db.query(`SELECT id FROM properties WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [catalog.tenant_id]);
  log(`catalog of ${CFG.properties} properties; chain tenant ${fx.tenantId}`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = startService('api', { ...serviceEnv, PORT: String(port) });
  const worker = startService('worker', serviceEnv);
  const hello = await startHelloServer();
  const rows: Row[] = [];
  const redisPort = Number(new URL(REDIS).port || 6379);
  const benchDbBackends = async () =>
    ((await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [DB_NAME])) as Array<{ pid: number }>).map((r) => r.pid);
  /** Chains with the CPU every process used meanwhile (bench/lib/cpu.ts). */
  const chainsWithCpu = async (bases: string[], apis: Service[], seconds: number) => {
    await fx.mintDelegations(delegationsFor(seconds));
    const stop = await cpuWindow({
      api: apis.map((a) => a.child.pid ?? 0),
      worker: [worker.child.pid ?? 0],
      postgresDb: benchDbBackends,
      redisPort,
    });
    const result = await runChains(bases, fx, seconds, CFG.chainConcurrency);
    return { ...result, client: chainClient(), cpu: await stop(result.chains + result.failures) };
  };
  /**
   * Runs `use` beside a second api process on the same database and Redis (the loops spread over
   * both, as API_WORKERS=2's processes share the port, docs/scaling.md), both warmed with chains
   * first; the second process is stopped after.
   */
  const withSecondApi = async <T>(use: (url2: string, api2: Service) => Promise<T>): Promise<T> => {
    const port2 = await freePort();
    const api2 = startService('api', { ...serviceEnv, PORT: String(port2) });
    try {
      const url2 = `http://127.0.0.1:${port2}`;
      await waitForHealth(url2, api2);
      await runChains([url, url2], fx, CFG.chainWarmUpSeconds, CFG.chainConcurrency);
      return await use(url2, api2);
    } finally {
      await api2.stop();
    }
  };
  /**
   * `--only patches`: what each framework patch pays on the chain. The api as built and one api per
   * patch with that patch reverted (bench/pipeline/framework-patches.ts), each warmed with chains,
   * then windows on each in an order that turns every round (BENCH_PROCESS_ROUNDS); the row of a
   * patch is its mean chains/s and api CPU per chain against the api's as built.
   */
  const frameworkPatches = async () => {
    const shapes = [{ name: 'as built', reverted: '' }, ...FRAMEWORK_PATCHES.map((p) => ({ name: `without ${p}`, reverted: p }))];
    const started: Array<{ name: string; url: string; service: Service }> = [];
    try {
      for (const shape of shapes) {
        const p = await freePort();
        const service = startBuilt(PIPELINE_API_ENTRY, { ...serviceEnv, PORT: String(p), PATCHES_REVERTED: shape.reverted }, apiNodeArgs());
        const base = `http://127.0.0.1:${p}`;
        await waitForHealth(base, service);
        started.push({ name: shape.name, url: base, service });
      }
      for (const s of started) {
        log(`patches: warming ${s.name} for ${CFG.chainWarmUpSeconds} s`);
        await runChains(s.url, fx, CFG.chainWarmUpSeconds, CFG.chainConcurrency);
      }
      const runs = new Map<string, Array<{ chains_per_second: number; api_ms: number }>>(started.map((s) => [s.name, []]));
      for (let round = 0; round < PROCESS_ROUNDS; round += 1) {
        const order = round % 2 === 0 ? started : [...started].reverse();
        for (const s of order) {
          const r = await chainsWithCpu([s.url], [s.service], CFG.seconds);
          log(cpuLine(`patches, ${s.name}: ${r.chains_per_second} chains/s, p99 ${r.p99_ms} ms`, r.cpu));
          runs.get(s.name)?.push({ chains_per_second: r.chains_per_second, api_ms: r.cpu.per_chain_ms.api });
        }
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const summary = [...runs].map(([name, rs]) => ({
        name,
        chains_per_second: Math.round(mean(rs.map((r) => r.chains_per_second)) * 10) / 10,
        api_ms_per_chain: Math.round(mean(rs.map((r) => r.api_ms)) * 100) / 100,
        runs: rs,
      }));
      const built = summary[0];
      for (const s of summary.slice(1)) {
        log(
          `patches: ${s.name} ${s.chains_per_second} chains/s (${ratio(s.chains_per_second, built.chains_per_second)} of as built), ` +
            `api ${s.api_ms_per_chain} ms per chain (as built ${built.api_ms_per_chain})`,
        );
      }
      return summary;
    } finally {
      for (const s of started) await s.service.stop();
    }
  };
  try {
    await waitForHealth(url, api);
    const auth = { authorization: `Bearer ${catalog.agent_api_key}` };
    let i = 0;
    const search = {
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/v1/search',
          setupRequest: (req: { body?: string }) => {
            i += 1;
            const start = 14 + (i % 60);
            const body = {
              destination: { type: 'area', value: BENCH_CITIES[i % BENCH_CITIES.length].city },
              stay: { check_in: isoDay(start), check_out: isoDay(start + 2 + (i % 3)) },
              guests: { adults: 2 },
            };
            return { ...req, body: JSON.stringify(body) };
          },
        },
      ],
    };
    if (ONLY) {
      await runChains(url, fx, Math.min(3, CFG.seconds), CFG.chainConcurrency);
      await analyzeChainTables(db);
      if (ONLY.includes('chain') || ONLY.includes('client')) await runChains(url, fx, CFG.chainWarmUpSeconds, CFG.chainConcurrency);
      const details: Record<string, unknown> = {};
      if (ONLY.includes('chain')) {
        const chain = await chainsWithCpu([url], [api], CFG.seconds);
        log(cpuLine(`chain (${chain.client})`, chain.cpu));
        details.chain = chain;
      }
      if (ONLY.includes('client')) {
        // The load generator's CPU per chain with each client, alternated twice, back to back.
        const runs: Array<{ client: ChainClientName; chains_per_second: number; cpu: CpuPerChain }> = [];
        for (const name of ['fetch', 'http', 'fetch', 'http'] as const) {
          setChainClient(name);
          await runChains(url, fx, 1, CFG.chainConcurrency);
          const r = await chainsWithCpu([url], [api], CFG.seconds);
          log(cpuLine(`chain (${name})`, r.cpu));
          runs.push({ client: name, chains_per_second: r.chains_per_second, cpu: r.cpu });
        }
        details.client = runs;
      }
      if (ONLY.includes('processes')) {
        // One api process against two (docs/performance.md, "Processes per machine"),
        // both warm, in alternated windows whose order turns each round, so the machine's changes of
        // speed fall on both shapes alike.
        details.processes = await withSecondApi(async (url2, api2) => {
          const runs: Array<Record<string, unknown>> = [];
          const one = { processes: 1, bases: [url], apis: [api] };
          const two = { processes: 2, bases: [url, url2], apis: [api, api2] };
          for (let round = 0; round < PROCESS_ROUNDS; round += 1) {
            // The order turns each round: a window runs a little differently after another.
            for (const shape of round % 2 === 0 ? [one, two] : [two, one]) {
              const { chains_per_second, p50_ms, p99_ms, failures, cpu } = await chainsWithCpu(shape.bases, shape.apis, CFG.seconds);
              log(cpuLine(`${shape.processes} api process(es): ${chains_per_second} chains/s, p50 ${p50_ms} ms, p99 ${p99_ms} ms`, cpu));
              runs.push({ processes: shape.processes, chains_per_second, p50_ms, p99_ms, failures, cpu });
            }
          }
          return runs;
        });
      }
      if (ONLY.includes('patches')) details.patches = await frameworkPatches();
      if (ONLY.includes('reads')) {
        // The bare route, /healthz and the authenticated property read, twice each in turn, with the
        // api's CPU per request: the property-read row's ratio and where it moves.
        const withCpu = async (target: Parameters<typeof measure>[0]) => {
          const m = await measureWithCpu(api, target, CFG.connections, CFG.seconds);
          return { req_s: m.requests_per_second, p50_ms: m.p50_ms, p99_ms: m.p99_ms, api_cpu_us: m.cpu_us_per_request };
        };
        const runs: Array<Record<string, unknown>> = [];
        for (let round = 0; round < 2; round += 1) {
          const bare = await withCpu({ url: `${url}/` });
          const health = await withCpu({ url: `${url}/healthz` });
          const property = await withCpu({ url: `${url}/v1/properties/${propertyId}`, headers: auth });
          log(
            `reads: / ${bare.req_s} req/s ${bare.api_cpu_us} µs; /healthz ${health.req_s} ${health.api_cpu_us} µs; property ${property.req_s} ${property.api_cpu_us} µs; ratio ${ratio(property.req_s, health.req_s)}`,
          );
          runs.push({ bare, health, property, ratio: ratio(property.req_s, health.req_s) });
        }
        details.reads = runs;
      }
      if (ONLY.includes('system')) {
        details.system = await countSystemOnOwnServers(systemCount);
      }
      if (ONLY.includes('contention')) details.contention = await hotRoomContention(url, fx, CFG.contention, 3);
      if (ONLY.includes('expiry')) details.expiry_lag = await holdExpiryLag(url, fx, db, CFG.pendingHolds, CFG.holdTtlSeconds);
      process.stdout.write(`${JSON.stringify({ commit: gitCommit(), config: CFG, ...details }, null, 2)}\n`);
      return;
    }
    log('warming up');
    await measure(search, CFG.connections, Math.min(3, CFG.seconds));
    await runChains(url, fx, Math.min(3, CFG.seconds), CFG.chainConcurrency);
    await analyzeChainTables(db);

    const s = CFG.seconds;
    const raw = await measure({ url: hello.url }, CFG.connections, s);
    // The bare route between two windows of the minimal Nest app, and divided by their mean, as the
    // chain windows are by pgbench's (docs/performance.md, "The bare route between two minimal
    // windows"): the machine's speed moves by more than the row's margin within a minute.
    const minimalBefore = await measureBareRoute(MINIMAL_NEST_ENTRY, {}, s, CFG.connections);
    const bare = await measureWithCpu(api, { url: `${url}/` }, CFG.connections, s);
    const minimalAfter = await measureBareRoute(MINIMAL_NEST_ENTRY, {}, s, CFG.connections);
    const minimalNest = Math.round((minimalBefore.requests_per_second + minimalAfter.requests_per_second) / 2);
    const health = await measure({ url: `${url}/healthz` }, CFG.connections, s);
    const property = await measure({ url: `${url}/v1/properties/${propertyId}`, headers: auth }, CFG.connections, s);
    if (CFG.searchWarmUpSeconds > 0) await measure(search, CFG.connections, CFG.searchWarmUpSeconds);
    const searched = await measure(search, CFG.connections, s);
    log(`search at scale: ${CFG.searchScale.small} and ${CFG.searchScale.large} properties, ~${CFG.searchScale.perCity} in the city searched`);
    const scaleTenant = (n: number) => {
      const seeded = seedBench('--properties', String(n), '--per-city', String(CFG.searchScale.perCity));
      return { properties: seeded.properties, agentApiKey: seeded.agent_api_key };
    };
    const scale = await searchAtScale({
      url,
      city: BENCH_CITIES[0].city,
      small: scaleTenant(CFG.searchScale.small),
      large: scaleTenant(CFG.searchScale.large),
      connections: CFG.connections,
      seconds: s,
      warmUpSeconds: SMOKE ? 0 : 5,
    });
    // pgbench -N right before, between and right after the two chain windows: each chain window is
    // divided by the mean of the two next to it, so a machine that changes speed over the run moves
    // both sides of its ratio (docs/performance.md, "pgbench beside each chain window").
    log(`chains, warming up for ${CFG.chainWarmUpSeconds} s`);
    await runChains(url, fx, CFG.chainWarmUpSeconds, CFG.chainConcurrency);
    log('pgbench, before the chains');
    const tpsBefore = pgbenchTps(PG, s);
    log('chains');
    const chain = await chainsWithCpu([url], [api], s);
    log('pgbench, between the chain windows');
    const tpsBetween = pgbenchTps(PG, s);
    log(cpuLine(`chain (${chain.client} client)`, chain.cpu));
    // One api process per core: a second process beside the first.
    log('chains, two api processes');
    const chainTwo = await withSecondApi((url2, api2) => chainsWithCpu([url, url2], [api, api2], s));
    log(cpuLine('chain, 2 api processes', chainTwo.cpu));
    log('pgbench, after the chains');
    const tpsAfter = pgbenchTps(PG, s);
    const beside = (a: number, b: number) => Math.round((a + b) / 2);
    const tpsOne = beside(tpsBefore, tpsBetween);
    const tpsTwo = beside(tpsBetween, tpsAfter);
    log('round trips');
    const trips = await countChainRoundTrips({ ...serviceEnv, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent' }, fx);
    log('restriction updates, 365 days x 20 rate plans');
    const updates = await restrictionUpdates({ ...serviceEnv, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent' }, db, fx, 20);
    const ota = CFG.otaRates;
    log(`OpenTravel rate message, ${ota.days} days x ${ota.roomTypes} room types x ${ota.plansPerRoom} rate plans`);
    const otaRates = await otaRateMessage(
      { ...serviceEnv, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent' },
      db,
      fx,
      ota.roomTypes,
      ota.plansPerRoom,
      ota.days,
    );
    log('statements and Redis commands per chain, api and worker on servers of their own');
    const system = await countSystemOnOwnServers(systemCount);
    if (system.measured) log(`system count: ${system.per_chain} statements, ${system.redis_per_chain} Redis commands per chain`);
    else log(`system count not measured: ${system.reason}`);
    log('contention');
    const contention = await hotRoomContention(url, fx, CFG.contention, 3);
    log(`hold expiry lag (${CFG.pendingHolds} holds)`);
    const lag = await holdExpiryLag(url, fx, db, CFG.pendingHolds, CFG.holdTtlSeconds);
    log('feeds: ari.xml polled without If-None-Match');
    const ari = await ariPolling(`${url}/feeds/google/ari.xml?tenant_id=${catalog.tenant_id}&days=90`);
    log('feeds: 20 uncached ari.xml requests beside another tenant');
    const isolation = await feedIsolation({
      feedUrl: `${url}/feeds/google/ari.xml?tenant_id=${catalog.tenant_id}&days=60`,
      readUrl: `${url}/v1/properties/${fx.propertyId}`,
      readHeaders: { authorization: `Bearer ${fx.apiKey}` },
      feeds: 20,
      idleMs: SMOKE ? 1000 : 5000,
    });
    const soaked = CFG.soakSeconds > 0 ? await soak(url, api, auth, propertyId, CFG.soakSeconds) : null;
    const memory = api.rssMb();

    const http = (scenario: string, m: typeof raw, baseline: string | null, base: number | null, target: string, met: boolean | null): Row => ({
      scenario,
      value: m.requests_per_second,
      unit: 'req/s',
      p50_ms: m.p50_ms,
      p99_ms: m.p99_ms,
      baseline,
      baseline_value: base,
      ratio: base === null ? null : ratio(m.requests_per_second, base),
      target,
      met,
    });
    rows.push(http('node:http hello (ceiling)', raw, null, null, '-', null));
    rows.push(http('bare Nest route GET /', bare, 'node:http req/s', raw.requests_per_second, '-', null));
    const floorRatio = ratio(bare.requests_per_second, minimalNest);
    rows.push(
      http(
        'bare GET / vs minimal Nest + Express',
        bare,
        'minimal Nest req/s (mean of the windows before and after)',
        minimalNest,
        'ratio >= 0.67',
        floorRatio >= 0.67,
      ),
    );
    rows.push(http('enveloped GET /healthz', health, 'GET / req/s', bare.requests_per_second, '-', null));
    const propRatio = ratio(property.requests_per_second, health.requests_per_second);
    rows.push(http('authenticated GET /v1/properties/{id}', property, '/healthz req/s', health.requests_per_second, 'ratio >= 0.5', propRatio >= 0.5));
    rows.push({
      ...http(
        `search, ${CFG.properties} properties, ${CFG.connections} conn`,
        searched,
        '/healthz req/s',
        health.requests_per_second,
        'p95 < 50 ms',
        searched.p95_ms < 50,
      ),
      p50_ms: searched.p95_ms,
      unit: 'req/s (p95)',
    });
    rows.push({
      scenario: `search p95, ${scale.large.properties} vs ${scale.small.properties} properties`,
      value: scale.large.p95_ms,
      unit: 'ms p95',
      p50_ms: null,
      p99_ms: null,
      baseline: `p95 ms, ${scale.small.properties} properties`,
      baseline_value: scale.small.p95_ms,
      ratio: scale.ratio,
      target: 'ratio <= 1.5',
      met: scale.ratio <= 1.5 && [...scale.small.windows, ...scale.large.windows].every((w) => w.non_2xx === 0 && w.errors === 0),
      note: `the same city search (~${CFG.searchScale.perCity} matching properties) on both tenants, windows alternated small, large, large, small`,
    });
    const chainRatio = ratio(chain.chains_per_second, tpsOne);
    rows.push({
      scenario: `chain quote->hold->booking, ${CFG.chainConcurrency} conc`,
      value: chain.chains_per_second,
      unit: 'chains/s',
      p50_ms: chain.p50_ms,
      p99_ms: chain.p99_ms,
      baseline: 'pgbench -N tps (mean of the windows before and after)',
      baseline_value: tpsOne,
      ratio: chainRatio,
      ...chainVerdict(chain, chainRatio, [tpsBefore, tpsBetween]),
    });
    const twoRatio = ratio(chainTwo.chains_per_second, tpsTwo);
    rows.push({
      scenario: `chain, api as 2 processes, ${CFG.chainConcurrency} conc`,
      value: chainTwo.chains_per_second,
      unit: 'chains/s',
      p50_ms: chainTwo.p50_ms,
      p99_ms: chainTwo.p99_ms,
      baseline: 'pgbench -N tps (mean of the windows before and after)',
      baseline_value: tpsTwo,
      ratio: twoRatio,
      ...chainVerdict(chainTwo, twoRatio, [tpsBetween, tpsAfter]),
    });
    rows.push({
      scenario: 'SQL round trips per chain',
      value: trips.chain,
      unit: 'statements',
      p50_ms: null,
      p99_ms: null,
      baseline: 'before this work',
      baseline_value: 36,
      ratio: ratio(trips.chain, 36),
      target: '<= 12',
      met: trips.chain <= 12,
    });
    // One statement per PUT whatever the range (docs/catalog.md, "Stay restrictions"); the wall time of the 20 beside it.
    rows.push({
      scenario: 'restriction update, 365 days × 20 rate plans',
      value: updates.statements_per_request,
      unit: 'statements/request',
      p50_ms: null,
      p99_ms: updates.max_ms,
      baseline: 'wall time of the 20 requests (ms)',
      baseline_value: updates.wall_ms,
      ratio: null,
      target: '1 statement per request, all 20 <= 1 s',
      met: updates.statements_per_request === 1 && updates.wall_ms <= 1000,
      note: `restriction updates: ${updates.requests} PUTs of Fridays and Saturdays over 365 days in ${updates.wall_ms} ms (slowest ${updates.max_ms} ms), ${updates.runs_per_plan} runs stored per plan`,
    });
    // One message of a year of rates for 60 rate plans, applied set-based (docs/channels.md "Performance").
    rows.push({
      scenario: `OTA rate message, ${ota.days} days × ${ota.roomTypes} room types × ${ota.plansPerRoom} rate plans`,
      value: otaRates.apply_ms,
      unit: 'ms',
      p50_ms: null,
      p99_ms: null,
      baseline: 'SQL statements of the message',
      baseline_value: otaRates.statements,
      ratio: null,
      target: '<= 2000 ms, <= 12 statements',
      met: otaRates.apply_ms <= 2000 && otaRates.statements <= 12,
      note: `OTA_HotelRateAmountNotifRQ of ${otaRates.day_rates} day-rates with party prices (${Math.round(otaRates.bytes / 1024)} KiB) applied in ${otaRates.apply_ms} ms with ${otaRates.statements} statements; ${otaRates.written} day-rates written`,
    });
    // The same tenant's chain while such a message is applied (docs/channels.md "Performance").
    rows.push({
      scenario: 'OTA rate message beside a chain, the chain p99',
      value: otaRates.chain_beside.loaded_p99_ms,
      unit: 'ms',
      p50_ms: null,
      p99_ms: otaRates.chain_beside.loaded_p99_ms,
      baseline: 'the chain alone, p99',
      baseline_value: otaRates.chain_beside.idle_p99_ms,
      ratio: otaRates.chain_beside.p99_ratio,
      target: '<= 2 x the idle p99',
      met: otaRates.chain_beside.p99_ratio <= 2,
      note: `${otaRates.chain_beside.loaded_chains} chains (two at a time) while a ${otaRates.day_rates}-day-rate message was applied, against the same tenant's chain alone`,
    });
    // Counted where they arrive (pg_stat_statements, INFO commandstats) on a Postgres and a Redis of
    // the bench's own with its own api and worker: bench/lib/system-count.ts. A count that could
    // not be made prints n/a with the reason, never a number.
    const notMeasured = system.measured ? undefined : `not measured: ${system.reason}`;
    const pairsNote = system.measured
      ? `median of ${system.pairs.length} pairs of ${system.pairs[0].short.chains} and ${system.pairs[0].long.chains} chains in ${system.window_ms} ms windows: ` +
        system.pairs.map((p) => `${p.statements_per_chain}/${p.redis_per_chain}`).join(', ') +
        ' statements/commands'
      : notMeasured;
    rows.push({
      scenario: 'SQL statements per chain, api + worker',
      value: system.measured ? system.per_chain : null,
      unit: 'statements',
      p50_ms: null,
      p99_ms: null,
      baseline: 'first round (Postgres log)',
      baseline_value: 19.4,
      ratio: system.measured ? ratio(system.per_chain, 19.4) : null,
      target: '<= 12',
      met: system.measured ? system.per_chain <= 12 : null,
      note: pairsNote,
    });
    // docs/scaling.md's capacity model: Redis commands per chain beside the statements, over the same runs.
    rows.push({
      scenario: 'Redis commands per chain, api + worker',
      value: system.measured ? system.redis_per_chain : null,
      unit: 'commands',
      p50_ms: null,
      p99_ms: null,
      baseline: 'SQL statements per chain (same runs)',
      baseline_value: system.measured ? system.per_chain : null,
      ratio: system.measured ? ratio(system.redis_per_chain, system.per_chain) : null,
      target: `<= ${REDIS_COMMANDS_PER_CHAIN}`,
      met: system.measured ? system.redis_per_chain <= REDIS_COMMANDS_PER_CHAIN : null,
      note: notMeasured,
    });
    rows.push({
      scenario: `hot room: ${contention.requests} holds on 2 rooms`,
      value: contention.succeeded,
      unit: 'succeeded',
      p50_ms: null,
      p99_ms: contention.p99_ms,
      baseline: 'rooms',
      baseline_value: 2,
      ratio: ratio(contention.succeeded, 2),
      target: 'exactly 2, 0 5xx, max < 2 s',
      met: contention.succeeded === 2 && contention.server_errors === 0 && contention.max_ms < 2000,
    });
    rows.push({
      scenario: `hold-expiry lag, ${lag.holds} pending holds`,
      value: lag.expired,
      unit: 'expired',
      p50_ms: lag.p50_ms,
      p99_ms: lag.p99_ms,
      baseline: 'holds taken',
      baseline_value: lag.holds,
      ratio: ratio(lag.expired, lag.holds),
      target: 'all expired; p99 lag < 1 s',
      met: lag.expired === lag.holds && lag.p99_ms < 1000,
    });
    rows.push({
      scenario: `ari.xml, ${CFG.properties} properties x 90 days, repeat poll`,
      value: ari.cached_p50_ms,
      unit: 'ms (gzip)',
      p50_ms: ari.cached_p50_ms,
      p99_ms: Math.max(...ari.cached.map((c) => c.ms)),
      baseline: 'first request (render) ms',
      baseline_value: ari.first.ms,
      ratio: ratio(ari.cached_p50_ms, ari.first.ms),
      target: '< 50 ms until a change',
      met: ari.cached.every((c) => c.status === 200 && c.ms < 50),
    });
    rows.push({
      scenario: 'property read p99 beside 20 uncached feeds',
      value: isolation.loaded.p99_ms,
      unit: 'ms p99',
      p50_ms: isolation.loaded.p50_ms,
      p99_ms: isolation.loaded.p99_ms,
      baseline: 'idle p99 ms',
      baseline_value: isolation.idle.p99_ms,
      ratio: isolation.p99_ratio,
      target: 'ratio <= 3',
      met: isolation.p99_ratio <= 3,
    });
    rows.push({
      scenario: soaked ? `api RSS after ${CFG.soakSeconds} s mixed load` : 'api peak RSS',
      value: soaked ? soaked.end_mb : memory.peak,
      unit: 'MB',
      p50_ms: null,
      p99_ms: null,
      baseline: soaked ? 'RSS after warm-up' : null,
      baseline_value: soaked ? soaked.start_mb : null,
      ratio: soaked ? ratio(soaked.end_mb, soaked.start_mb) : null,
      target: '< 250 MB, flat',
      met: soaked ? soaked.end_mb < 250 && soaked.end_mb <= soaked.start_mb * 1.2 : memory.peak < 250,
    });

    printTable(rows, process.stdout);
    process.stdout.write(`${cpuLine(`chain, ${chain.client} client`, chain.cpu)}\n${cpuLine('chain, api as 2 processes', chainTwo.cpu)}\n`);
    const report = {
      commit: gitCommit(),
      date: new Date().toISOString(),
      mode: SMOKE ? 'smoke' : 'full',
      machine: { cores: cpus().length, memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
      config: CFG,
      rows,
      details: {
        raw,
        bare,
        health,
        property,
        search: searched,
        search_at_scale: scale,
        chain,
        chain_two_processes: chainTwo,
        minimal_nest: { before: minimalBefore, after: minimalAfter, mean_requests_per_second: minimalNest },
        pgbench_tps: { before: tpsBefore, between: tpsBetween, after: tpsAfter },
        round_trips: trips,
        restriction_updates: updates,
        ota_rate_message: otaRates,
        system_statements: system,
        ari_polling: ari,
        feed_isolation: isolation,
        contention,
        expiry_lag: lag,
        soak: soaked,
        memory,
      },
    };
    const dir = process.env.BENCH_RESULTS_DIR ?? (SMOKE ? join(tmpdir(), 'hcs-bench') : join(DIST, '..', 'bench', 'results'));
    // A second full run of the same commit on the same day keeps the first one's results beside its own.
    const stem = SMOKE ? 'smoke' : unusedStem(dir, `${report.date.slice(0, 10)}-${report.commit}`);
    const files = writeResults(dir, stem, report, rows, `hcs bench ${report.mode} ${report.commit} (${report.machine.cores} cores)`);
    if (!SMOKE) writeResults(dir, 'latest', report, rows, `hcs bench ${report.mode} ${report.commit} (${report.machine.cores} cores)`);
    log(`results: ${files.json}, ${files.svg}`);
    // Correctness never depends on the machine: a smoke run fails on these, whatever the speed.
    const broken = [
      chain.chains === 0 || chain.failures > 0 ? `chain failures: ${chain.failures} of ${chain.chains + chain.failures}` : null,
      trips.chain > 12 ? `round trips ${trips.chain} > 12` : null,
      updates.statements_per_request !== 1 ? `restriction updates sent ${updates.statements_per_request} statements per request` : null,
      otaRates.written !== otaRates.day_rates ? `OTA rate message wrote ${otaRates.written} of ${otaRates.day_rates} day-rates` : null,
      otaRates.statements > 12 ? `OTA rate message sent ${otaRates.statements} statements` : null,
      chainTwo.chains === 0 || chainTwo.failures > 0 ? `chain failures with two api processes: ${chainTwo.failures}` : null,
      ari.first.status !== 200 || ari.cached.some((c) => c.status !== 200)
        ? `ari.xml answered ${[ari.first, ...ari.cached].map((c) => c.status).join(',')}`
        : null,
      isolation.feed_statuses.some((st) => st !== 200) ? `feed requests answered ${isolation.feed_statuses.join(',')}` : null,
      contention.max_live !== 2 || contention.server_errors > 0 ? `contention: ${JSON.stringify(contention)}` : null,
      lag.expired !== lag.holds ? `holds not expired: ${lag.holds - lag.expired}` : null,
    ].filter(Boolean);
    if (broken.length > 0) throw new Error(`bench found broken behaviour: ${broken.join('; ')}`);
  } finally {
    await hello.close();
    await Promise.all([api.stop(), worker.stop()]);
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
