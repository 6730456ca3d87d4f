/**
 * `npm run bench:profile`: where an api process spends its CPU under the booking chain. Starts the
 * built api with `--cpu-prof` (production-like settings, as `npm run bench`), runs 16 concurrent
 * quote -> hold -> booking loops untimed for BENCH_WARMUP_SECONDS (40: a fresh process compiles
 * the chain's code for about that long), then for BENCH_SECONDS (15), stops it and prints the top
 * self-time frames and the inclusive share per package over the timed window; the .cpuprofile
 * file, from boot (open it in Chrome DevTools or speedscope for a flame graph), is written under
 * BENCH_PROFILE_DIR (bench/results/profile). BENCH_PROFILE_SCENARIO=property profiles the
 * authenticated `GET /v1/properties/{id}` instead (10 connections), the property-read row of
 * `npm run bench`.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChains } from './lib/chain-scenarios';
import { measure } from './lib/load';
import { migratedChainTenant } from './lib/fixtures';
import { DIST, freePort, productionLikeEnv, startService, waitForHealth } from './lib/processes';
import { summarizeProfile } from './lib/profile-summary';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_URL = `${PG}/${process.env.BENCH_DB ?? 'hcs_bench_profile'}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 40);
const DIR = process.env.BENCH_PROFILE_DIR ?? join(DIST, '..', 'bench', 'results', 'profile');
const PUBLIC_URL = 'https://bench.hcs.invalid';
const SCENARIO = process.env.BENCH_PROFILE_SCENARIO ?? 'chain';

async function main(): Promise<void> {
  const fx = await migratedChainTenant(DB_URL, PUBLIC_URL);
  mkdirSync(DIR, { recursive: true });
  const before = new Set(readdirSync(DIR));
  const port = await freePort();
  const env = {
    ...productionLikeEnv({
      publicUrl: PUBLIC_URL,
      databaseUrl: DB_URL,
      redisUrl: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/14',
      queuePrefix: `hcs-profile-${process.pid}`,
    }),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PORT: String(port),
  };
  const api = startService('api', env, ['--cpu-prof', `--cpu-prof-dir=${DIR}`]);
  const worker = startService('worker', env);
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, api);
    await runChains(url, fx, WARM_UP_SECONDS, 16);
    if (SCENARIO === 'property') {
      const read = { url: `${url}/v1/properties/${fx.propertyId}`, headers: { authorization: `Bearer ${fx.apiKey}` } };
      await measure(read, 10, 3);
      const m = await measure(read, 10, SECONDS);
      process.stdout.write(`${m.requests_per_second} req/s, p50 ${m.p50_ms} ms, p99 ${m.p99_ms} ms\n`);
    } else {
      const chain = await runChains(url, fx, SECONDS, 16);
      process.stdout.write(`${chain.chains_per_second} chains/s, p50 ${chain.p50_ms} ms, p99 ${chain.p99_ms} ms, ${chain.failures} failures\n`);
    }
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
  }
  const profile = readdirSync(DIR).find((f) => f.endsWith('.cpuprofile') && !before.has(f));
  if (!profile) throw new Error(`no .cpuprofile written under ${DIR}`);
  process.stdout.write(`${join(DIR, profile)}\n${summarizeProfile(JSON.parse(readFileSync(join(DIR, profile), 'utf8')), 20, (SECONDS + 1) * 1000)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`profile failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
