import { ChildProcess, spawn } from 'node:child_process';
import IORedis from 'ioredis';
import { onFreePort, PortTaken } from './processes';

/**
 * A redis-server of the test's own on a free port (never the machine's shared Redis), which the
 * test can stop and start again on the same port to play an outage.
 */
export interface OwnRedis {
  url: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export function ownRedis(): Promise<OwnRedis> {
  return onFreePort(async (port) => {
    const redis = onPort(port);
    await redis.start();
    return redis;
  });
}

function onPort(port: number): OwnRedis {
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = started;
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const pid = await probe.connect().then(
          async () => /process_id:(\d+)/.exec(await probe.info('server'))?.[1],
          () => undefined,
        );
        if (pid !== undefined) {
          if (Number(pid) === started.pid) return;
          started.kill('SIGKILL');
          throw new PortTaken(`port ${port} is another process's redis-server`);
        }
        if (started.exitCode !== null) throw new PortTaken(`redis-server exited at start on port ${port}`);
        if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      probe.disconnect();
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.on('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  return { url, start, stop };
}
