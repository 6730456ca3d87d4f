import { ChildProcess, spawn } from 'node:child_process';
import IORedis from 'ioredis';
import { freePort } from './processes';

/**
 * A redis-server of the test's own on a free port (never the machine's shared Redis), which the
 * test can stop and start again on the same port to play an outage.
 */
export interface OwnRedis {
  url: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ok = await probe.connect().then(
        () => true,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
    probe.disconnect();
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.on('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, start, stop };
}
