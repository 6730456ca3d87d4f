/**
 * Search benchmark: seeds (or reuses) a 1,000-property catalog with `hcs seed bench`, starts the
 * built api as a child process on a free port, then measures with autocannon, in the same run:
 * a bare route (`GET /healthz`), area searches rotating over 40 cities, and searches without a
 * destination (the whole catalog), plus the area search on one connection (latency without
 * queueing). Prints p50/p95/p99 latency, requests per second and the ratio
 * of search to the bare route.
 *
 *   npm run build && npm run bench:search
 *   BENCH_DURATION=20 BENCH_CONNECTIONS=10 BENCH_PROPERTIES=1000 npm run bench:search
 */
import autocannon from 'autocannon';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_CITIES } from '../apps/cli/src/seed/bench-cities';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'apps', 'cli', 'src', 'main.js');
const api = join(root, 'dist', 'apps', 'api', 'src', 'main.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const propertyCount = Number(process.env.BENCH_PROPERTIES ?? 1000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function hcs(args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, [cli, ...args], { env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not become healthy');
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Measured {
  scenario: string;
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(scenario: string, options: autocannon.Options, concurrency = connections): Promise<Measured> {
  const latencies: number[] = [];
  const instance = autocannon({ connections: concurrency, duration, ...options });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

function searchRequests(url: string, key: string, withDestination: boolean): autocannon.Options {
  let i = 0;
  return {
    url,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/v1/search',
        setupRequest: (req) => {
          i += 1;
          const city = BENCH_CITIES[i % BENCH_CITIES.length].city;
          const start = 14 + (i % 60);
          const body = {
            ...(withDestination ? { destination: { type: 'area', value: city } } : {}),
            stay: { check_in: day(start), check_out: day(start + 2 + (i % 3)) },
            guests: { adults: 2, children: i % 4 === 0 ? [{ age: 7 }] : [] },
          };
          return { ...req, body: JSON.stringify(body) };
        },
      },
    ],
  };
}

async function main(): Promise<void> {
  process.stderr.write(`bench: database ${process.env.DATABASE_URL ?? '(default DATABASE_URL)'}\n`);
  hcs(['migrate', '--json']);
  const seeded = hcs(['seed', 'bench', '--properties', String(propertyCount), '--json']) as { tenant_id: string; agent_api_key: string; created: boolean };
  process.stderr.write(`bench: catalog of ${propertyCount} properties in tenant ${seeded.tenant_id} (${seeded.created ? 'created' : 'reused'})\n`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [api], {
    env: { ...process.env, PORT: String(port), BASE_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_ANON_PER_MINUTE: '100000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, child);
    // Warm up the pool, JIT and Postgres caches before measuring.
    await autocannon({ ...searchRequests(url, seeded.agent_api_key, true), connections, duration: 3 });
    const bare = await measure('GET /healthz', { url: `${url}/healthz` });
    const area = await measure('POST /v1/search (area: one of 40 cities)', searchRequests(url, seeded.agent_api_key, true));
    const areaAlone = await measure('POST /v1/search (area, 1 connection)', searchRequests(url, seeded.agent_api_key, true), 1);
    const everywhere = await measure('POST /v1/search (no destination: whole catalog)', searchRequests(url, seeded.agent_api_key, false));
    const report = {
      properties: propertyCount,
      connections,
      duration_seconds: duration,
      results: [bare, area, areaAlone, everywhere],
      ratios: {
        area_search_rps_vs_healthz: Number((area.requests_per_second / bare.requests_per_second).toFixed(3)),
        whole_catalog_search_rps_vs_healthz: Number((everywhere.requests_per_second / bare.requests_per_second).toFixed(3)),
      },
    };
    for (const r of report.results) {
      process.stderr.write(
        `${r.scenario.padEnd(50)} ${String(r.requests_per_second).padStart(6)} req/s  p50 ${r.p50_ms} ms  p95 ${r.p95_ms} ms  p99 ${r.p99_ms} ms  non-2xx ${r.non_2xx}\n`,
      );
    }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
