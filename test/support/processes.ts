import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Built entry points (`npm run build` first; `npm test` does it). */
export function distEntry(app: 'api' | 'worker' | 'cli'): string {
  const entry = join(ROOT, 'dist', 'apps', app, 'src', 'main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build before the process tests`);
  return entry;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `hcs` CLI against the test database with extra environment. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [distEntry('cli'), ...args], { env: { ...process.env, ...env }, cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ApiProcess {
  baseUrl: string;
  /** Everything the process wrote so far (stdout: pino logs; stderr: boot messages). */
  output: () => { stdout: string; stderr: string };
  stop: () => Promise<void>;
  /** Kills it like a crashed host (SIGKILL) and waits for the exit. */
  kill: () => Promise<void>;
  running: () => boolean;
}

/**
 * Starts the built api on a free port and waits until it says it listens and /healthz answers.
 * A free port is free only when asked: another test file's process may bind it first, so a boot
 * that lost the port (EADDRINUSE) is retried on another, and /healthz counts only once this child
 * has said it listens (an answer from someone else's process on the port would not).
 */
export function startApiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  return onFreePort((port) => bootApiProcess(port, env));
}

/** A server started on a free port found that another process had bound the port first. */
export class PortTaken extends Error {}

/** Starts something on a free port, on another one (three tries in all) when the port was taken first. */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

async function bootApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [distEntry('api')], {
    env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, ...env },
    cwd: ROOT,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (stderr.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken before the api bound it`);
      throw new Error(`api exited during boot: ${stderr}`);
    }
    const up =
      stderr.includes('api listening on') &&
      (await fetch(`${baseUrl}/healthz`)
        .then((r) => r.ok)
        .catch(() => false));
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`api did not answer within 45 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a built entry point (relative to the repo root) with the test environment plus `env`. */
export function runNode(entry: string, args: string[] = [], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Finished> } {
  const child = spawn(process.execPath, [join(ROOT, entry), ...args], { env: { ...process.env, ...env }, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Finished>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** Polls `probe` until `accept` holds or the time is up; returns the last value. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await probe();
  }
  return last;
}

/**
 * Starts a built entry with `env` and waits until its stderr shows `readyLine` (at most 45 s); the
 * caller stops it (`sigtermAndWait`). Used by the tests of how a process stops with a dependency down.
 */
export async function runUntilReady(
  entry: string,
  env: Record<string, string>,
  readyLine: string,
): Promise<{ started: ReturnType<typeof runNode>; stderr: () => string }> {
  const started = runNode(entry, [], env);
  let stderr = '';
  started.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 45_000;
  while (!stderr.includes(readyLine)) {
    if (started.child.exitCode !== null) throw new Error(`${entry} exited during boot: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`${entry} did not start within 45 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { started, stderr: () => stderr };
}

/** SIGTERM, then the exit (null when still running after 30 s) and the time from the signal to it. */
export async function sigtermAndWait(started: ReturnType<typeof runNode>): Promise<{ exit: Finished | null; ms: number }> {
  const signalled = Date.now();
  started.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([started.done, new Promise<null>((r) => (timer = setTimeout(() => r(null), 30_000)))]);
  clearTimeout(timer);
  return { exit, ms: Date.now() - signalled };
}
