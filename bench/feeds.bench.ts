/**
 * Feeds benchmark: seeds (or reuses) the 1,000-property bench catalog with `hcs seed bench`,
 * starts the built api as a child process on a free port, then measures `ari.xml` for 90 days
 * (every property × 90 check-in dates): time to first and last byte, bytes, and the api's RSS
 * sampled from /proc every 10 ms during the request (peak minus the RSS just before). Then
 * conditional polls answered 304 (If-None-Match) beside the same loop on `/healthz`, and
 * `hotel-list.xml`.
 *
 *   npm run build && npm run bench:feeds
 *   BENCH_PROPERTIES=1000 BENCH_DAYS=90 BENCH_RUNS=3 npm run bench:feeds
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'apps', 'cli', 'src', 'main.js');
const api = join(root, 'dist', 'apps', 'api', 'src', 'main.js');
const propertyCount = Number(process.env.BENCH_PROPERTIES ?? 1000);
const days = Number(process.env.BENCH_DAYS ?? 90);
const runs = Number(process.env.BENCH_RUNS ?? 3);

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
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not become healthy');
}

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : 0;
}

interface Download {
  status: number;
  first_byte_ms: number;
  last_byte_ms: number;
  megabytes: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
  etag: string | null;
}

async function download(url: string, pid: number, headers: Record<string, string> = {}): Promise<Download> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers });
    let firstByte = 0;
    let bytes = 0;
    const reader = res.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += value.byteLength;
    }
    const lastByte = performance.now() - started;
    peak = Math.max(peak, rssMb(pid));
    return {
      status: res.status,
      first_byte_ms: Number((firstByte || lastByte).toFixed(1)),
      last_byte_ms: Number(lastByte.toFixed(1)),
      megabytes: Number((bytes / 1e6).toFixed(2)),
      rss_before_mb: Number(before.toFixed(1)),
      rss_peak_mb: Number(peak.toFixed(1)),
      rss_growth_mb: Number((peak - before).toFixed(1)),
      etag: res.headers.get('etag'),
    };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  process.stderr.write(`bench: database ${process.env.DATABASE_URL ?? '(default DATABASE_URL)'}\n`);
  hcs(['migrate', '--json']);
  const seeded = hcs(['seed', 'bench', '--properties', String(propertyCount), '--json']) as { tenant_id: string; created: boolean };
  process.stderr.write(`bench: catalog of ${propertyCount} properties in tenant ${seeded.tenant_id} (${seeded.created ? 'created' : 'reused'})\n`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [api], {
    env: { ...process.env, PORT: String(port), BASE_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_ANON_PER_MINUTE: '100000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, child);
    const pid = child.pid!;
    const ariUrl = `${url}/feeds/google/ari.xml?tenant_id=${seeded.tenant_id}&days=${days}`;
    // Warm up: JIT, pool and Postgres caches.
    await download(ariUrl, pid);
    const full: Download[] = [];
    for (let i = 0; i < runs; i++) full.push(await download(ariUrl, pid));
    const etag = full[full.length - 1].etag!;
    const polls: number[] = [];
    for (let i = 0; i < 50; i++) {
      const poll = await download(ariUrl, pid, { 'if-none-match': etag });
      if (poll.status !== 304) throw new Error(`expected 304, got ${poll.status}`);
      polls.push(poll.last_byte_ms);
    }
    // The same loop on the cheapest route: what this machine's load costs any request.
    const bare: number[] = [];
    for (let i = 0; i < 50; i++) bare.push((await download(`${url}/healthz`, pid)).last_byte_ms);
    const hotelList = await download(`${url}/feeds/google/hotel-list.xml?tenant_id=${seeded.tenant_id}`, pid);
    const report = {
      properties: propertyCount,
      days,
      ari_full: full,
      ari_full_median_last_byte_ms: median(full.map((d) => d.last_byte_ms)),
      ari_full_max_rss_growth_mb: Math.max(...full.map((d) => d.rss_growth_mb)),
      ari_304_p50_ms: Number(median(polls).toFixed(2)),
      ari_304_max_ms: Number(Math.max(...polls).toFixed(2)),
      healthz_p50_ms: Number(median(bare).toFixed(2)),
      hotel_list: hotelList,
      targets: { ari_last_byte_ms: 3000, ari_rss_growth_mb: 100, ari_304_ms: 5 },
    };
    process.stderr.write(
      `ari.xml ${days} days: ${report.ari_full_median_last_byte_ms} ms to last byte (median of ${runs}), ${full[0].megabytes} MB, RSS +${report.ari_full_max_rss_growth_mb} MB; 304 p50 ${report.ari_304_p50_ms} ms (healthz p50 ${report.healthz_p50_ms} ms)\n`,
    );
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
