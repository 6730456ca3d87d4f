import { createServer, Server, Socket, connect } from 'node:net';
import { Finished, freePort, runNode, runUntilReady, sigtermAndWait } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { TEST_DB_NAME } from '../../support/test-database';

/** The bound of docs/operations-faults.md "Stopping": SIGTERM to exit, whatever is unreachable. */
const STOP_BOUND_MS = 15_000;

/** A TCP path to the machine's Postgres that the test cuts: every open connection reset, new ones refused. */
async function cuttablePostgres(): Promise<{ url: string; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(5432, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${TEST_DB_NAME}`,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/**
 * Stopping is bounded with Postgres unreachable (docs/operations-faults.md "Stopping"): a built
 * worker, and a built api, whose Postgres went away (connections reset, new ones refused) exit
 * within 15 s of SIGTERM. Each process has a Redis of this test's own and its own path to Postgres.
 */
describe('SIGTERM while Postgres is down', () => {
  let redis: OwnRedis | undefined;
  let running: ReturnType<typeof runNode> | undefined;

  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running?.done;
    running = undefined;
    await redis?.stop();
  });

  async function stopWithPostgresDown(entry: string, readyLine: string, env: Record<string, string>): Promise<{ exit: Finished; ms: number }> {
    redis = await ownRedis();
    const postgres = await cuttablePostgres();
    const { started } = await runUntilReady(
      entry,
      {
        REDIS_URL: redis.url,
        DATABASE_URL: postgres.url,
        DATABASE_DIRECT_URL: postgres.url,
        QUEUE_PREFIX: `hcs-test-stop-pg-${process.pid}`,
        LOG_LEVEL: 'info',
        ...env,
      },
      readyLine,
    );
    running = started;
    await postgres.cut();
    // The listeners reconnect, the sweeps and the pool fail for a few seconds.
    await new Promise((r) => setTimeout(r, 5000));
    const { exit, ms } = await sigtermAndWait(started);
    if (exit === null) throw new Error(`${entry} still running 30 s after SIGTERM with Postgres down`);
    process.stdout.write(`${entry}: exited ${ms} ms after SIGTERM with Postgres down\n`);
    return { exit, ms };
  }

  it('the worker exits within 15 s, cleanly', async () => {
    const { exit, ms } = await stopWithPostgresDown('dist/apps/worker/src/main.js', 'worker started', {});
    expect({ ms, bounded: ms < STOP_BOUND_MS }).toEqual({ ms, bounded: true });
    expect({ code: exit.code, signal: exit.signal }).toEqual(exit.code === 0 ? { code: 0, signal: null } : { code: null, signal: 'SIGTERM' });
  }, 90_000);

  it('the api exits within 15 s, cleanly', async () => {
    const { exit, ms } = await stopWithPostgresDown('dist/apps/api/src/main.js', 'api listening on', { PORT: '0' });
    expect({ ms, bounded: ms < STOP_BOUND_MS }).toEqual({ ms, bounded: true });
    expect({ code: exit.code, signal: exit.signal }).toEqual(exit.code === 0 ? { code: 0, signal: null } : { code: null, signal: 'SIGTERM' });
  }, 90_000);
});
