import cluster, { Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/** How long the primary waits for its api processes to finish in-flight requests on SIGTERM. */
const SHUTDOWN_GRACE_MS = 20_000;
/** A process that dies before it ever listened is a boot failure: no restart loop, the primary exits. */
const RESTART_DELAY_MS = 500;

/** `API_WORKERS`: `auto` is one process per core. */
export function apiProcessCount(setting: 'auto' | number): number {
  return setting === 'auto' ? Math.max(1, availableParallelism()) : setting;
}

/**
 * The primary of `API_WORKERS` > 1 (docs/scaling.md): forks that many api processes, which share
 * the port through `node:cluster` (the primary accepts and hands connections round-robin), forks a
 * new one when one dies, and on SIGTERM/SIGINT asks every process to shut down gracefully (Nest's
 * shutdown hooks: the server stops accepting, in-flight requests finish), then exits.
 */
export function runApiPrimary(count: number, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  let stopping = false;
  const listened = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', () => listened.add(worker));
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!listened.has(worker)) {
      log(`api process ${worker.process.pid} exited during boot (${signal ?? code}): stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log(`api process ${worker.process.pid} died (${signal ?? code}): starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} api processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < count; i += 1) fork();
  log(`api primary ${process.pid}: ${count} api processes`);
}
