import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Where the built entry points are (the bench itself runs from dist/bench). */
export const DIST = join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Service {
  child: ChildProcess;
  /** Resident memory now and at its peak (VmHWM), in MB. */
  rssMb: () => { now: number; peak: number };
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs: () => number;
  stop: () => Promise<void>;
}

function memoryOf(pid: number | undefined): { now: number; peak: number } {
  if (!pid) return { now: 0, peak: 0 };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** utime + stime of /proc/<pid>/stat (clock ticks of 10 ms on Linux), in ms. */
function cpuOf(pid: number | undefined): number {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The api's production node flags (`scripts/api-node-args.mjs`, which `npm start` and
 * `npm run start:api` use too; docs/scaling.md "The api's node flags"), or BENCH_API_NODE_ARGS to compare.
 */
export function apiNodeArgs(): string[] {
  const configured =
    process.env.BENCH_API_NODE_ARGS ?? execFileSync(process.execPath, [join(DIST, '..', 'scripts', 'api-node-args.mjs')], { encoding: 'utf8' });
  return configured
    .split(' ')
    .map((arg) => arg.trim())
    .filter(Boolean);
}

/**
 * The environment every bench starts the built api and worker with: production mode, info logs,
 * the sandbox payment provider switched on explicitly, and the settings production refuses to run
 * without (docs/security.md: no private webhook targets, no open /metrics, a webhook secret key).
 */
export function productionLikeEnv(opts: { publicUrl: string; databaseUrl: string; redisUrl: string; queuePrefix: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    BASE_URL: opts.publicUrl,
    DELEGATION_AUDIENCE: opts.publicUrl,
    PAYMENTS_SANDBOX: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'false',
    METRICS_TOKEN: 'bench-only metrics token',
    WEBHOOK_SECRET_KEY: 'bench-only webhook secret key, at least 32 characters',
    LOG_LEVEL: 'info',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    QUEUE_PREFIX: opts.queuePrefix,
  };
}

/** Starts a built app (`api` or `worker`) with `env`; logs go nowhere, boot errors to stderr. */
export function startService(app: 'api' | 'worker', env: Record<string, string>, nodeArgs: string[] = []): Service {
  const extra = app === 'api' ? apiNodeArgs() : [];
  return startBuilt(join('apps', app, 'src', 'main.js'), env, [...extra, ...nodeArgs]);
}

/** Starts any built entry point (relative to dist/) with `env`, as startService does. */
export function startBuilt(entry: string, env: Record<string, string>, nodeArgs: string[] = []): Service {
  const child = spawn(process.execPath, [...nodeArgs, join(DIST, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    rssMb: () => memoryOf(child.pid),
    cpuMs: () => cpuOf(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitForHealth(url: string, service: Service, path = '/healthz'): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (service.child.exitCode !== null) throw new Error(`api exited with ${service.child.exitCode}`);
    const ok = await fetch(`${url}${path}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not become healthy');
}

/**
 * Waits until the api's `/readyz` counts a live worker (its heartbeat is armed once it has booted),
 * then `settleMs` more for its start-up catch-up (schedulers, outbox relay), so a scenario measured
 * next is not measured against a worker still booting on the same cores.
 */
export async function waitForWorker(url: string, worker: Service, settleMs = 2000): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (worker.child.exitCode !== null) throw new Error(`worker exited with ${worker.child.exitCode}`);
    const live = await fetch(`${url}/readyz`).then(
      async (r) => ((await r.json()) as { data?: { dependencies?: { queues?: { live_workers?: number } } } }).data?.dependencies?.queues?.live_workers ?? 0,
      () => 0,
    );
    if (live >= 1) {
      await new Promise((r) => setTimeout(r, settleMs));
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('worker did not become live');
}
