import { ChildProcess, spawn } from 'node:child_process';
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
  stop: () => Promise<void>;
}

function memoryOf(pid: number | undefined): { now: number; peak: number } {
  if (!pid) return { now: 0, peak: 0 };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** Starts a built app (`api` or `worker`) with `env`; logs go nowhere, boot errors to stderr. */
export function startService(app: 'api' | 'worker', env: Record<string, string>, nodeArgs: string[] = []): Service {
  const child = spawn(process.execPath, [...nodeArgs, join(DIST, 'apps', app, 'src', 'main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    rssMb: () => memoryOf(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitForHealth(url: string, service: Service): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (service.child.exitCode !== null) throw new Error(`api exited with ${service.child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('api did not become healthy');
}
