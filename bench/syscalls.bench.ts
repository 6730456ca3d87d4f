/**
 * `npm run bench:syscalls` (after `npm run build`): the system calls the api and the worker make
 * per booking chain, counted by `strace -c` attached to each process while 16 concurrent
 * quote -> hold -> booking loops run for BENCH_SECONDS (10). On a virtual machine a system call,
 * and above all a wake-up of another thread (`futex`), costs far more than on bare metal, and the
 * count, unlike the time, does not move with the neighbours (docs/performance.md, "Counts
 * instead of timings"). strace slows the traced processes: read the counts, not the throughput.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChains } from './lib/chain-scenarios';
import { migratedChainTenant } from './lib/fixtures';
import { freePort, productionLikeEnv, startService, waitForHealth, waitForWorker } from './lib/processes';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_URL = `${PG}/${process.env.BENCH_DB ?? 'hcs_bench_syscalls'}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PUBLIC_URL = 'https://bench.hcs.invalid';

/** `strace -c` attached to `pid` and its threads until stopped; the summary goes to `file`. */
function traceCalls(pid: number, file: string): ChildProcess {
  return spawn('strace', ['-c', '-f', '-p', String(pid), '-o', file], { stdio: ['ignore', 'ignore', 'ignore'] });
}

/** `strace -c`'s summary as calls by system call name. */
function callsBySyscall(summary: string): Map<string, number> {
  const calls = new Map<string, number>();
  for (const line of summary.split('\n')) {
    const row = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?([a-z_0-9]+)\s*$/.exec(line);
    if (row && row[2] !== 'total') calls.set(row[2], Number(row[1]));
  }
  return calls;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  await exited;
}

async function main(): Promise<void> {
  if (spawnSync('strace', ['-V'], { stdio: 'ignore' }).status !== 0) throw new Error('strace is not installed (apt-get install -y strace)');
  const fx = await migratedChainTenant(DB_URL, PUBLIC_URL);
  const port = await freePort();
  const env = {
    ...productionLikeEnv({
      publicUrl: PUBLIC_URL,
      databaseUrl: DB_URL,
      redisUrl: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/14',
      queuePrefix: `hcs-syscalls-${process.pid}`,
    }),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PORT: String(port),
  };
  const api = startService('api', env);
  const worker = startService('worker', env);
  const files = { api: join(tmpdir(), `hcs-strace-api-${process.pid}`), worker: join(tmpdir(), `hcs-strace-worker-${process.pid}`) };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, api);
    await waitForWorker(url, worker);
    await runChains(url, fx, 3, 16);
    const tracers = [traceCalls(api.child.pid!, files.api), traceCalls(worker.child.pid!, files.worker)];
    // strace attaches to every thread before it counts.
    await new Promise((r) => setTimeout(r, 1500));
    const chain = await runChains(url, fx, SECONDS, 16);
    // The worker relays the last bookings' events after their answers.
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all(tracers.map(stopped));
    const chains = Math.round(chain.chains_per_second * SECONDS);
    process.stdout.write(`${chains} chains (${chain.failures} failures) under strace\n`);
    const result: Record<string, Record<string, number>> = {};
    for (const [name, file] of Object.entries(files)) {
      const calls = callsBySyscall(readFileSync(file, 'utf8'));
      const perChain = [...calls].map(([call, n]) => [call, Number((n / chains).toFixed(2))] as const).filter(([, n]) => n >= 0.01);
      perChain.sort((a, b) => b[1] - a[1]);
      const total = Number(perChain.reduce((sum, [, n]) => sum + n, 0).toFixed(2));
      result[name] = { total, ...Object.fromEntries(perChain) };
      process.stdout.write(`${name}: ${total} system calls per chain: ${perChain.map(([call, n]) => `${call} ${n}`).join(', ')}\n`);
    }
    process.stdout.write(`${JSON.stringify({ seconds: SECONDS, chains, per_chain: result })}\n`);
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    for (const file of Object.values(files)) rmSync(file, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`syscalls bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
