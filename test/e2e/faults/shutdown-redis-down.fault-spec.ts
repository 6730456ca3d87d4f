import { Finished, runNode, runUntilReady, sigtermAndWait } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';

/** The bound of docs/operations-faults.md "Stopping": SIGTERM to exit, whatever is unreachable. */
const STOP_BOUND_MS = 15_000;

/**
 * Stopping is bounded (docs/operations-faults.md "Stopping"): a built worker, and a built api,
 * whose Redis is gone exit within 15 s of SIGTERM, and log Redis being unreachable once per state
 * change, not once per reconnect attempt. Each process has a redis-server of this test's own.
 */
describe('SIGTERM while Redis is down', () => {
  let redis: OwnRedis | undefined;
  let running: ReturnType<typeof runNode> | undefined;

  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running?.done;
    running = undefined;
    await redis?.stop();
  });

  /**
   * Starts the entry on its own Redis, waits for `readyLine`, stops Redis, lets the process try to
   * reconnect for a few seconds, then sends SIGTERM. Returns the exit and the time it took.
   */
  async function stopWithRedisDown(entry: string, readyLine: string, env: Record<string, string>): Promise<{ exit: Finished; ms: number }> {
    redis = await ownRedis();
    const { started, stderr } = await runUntilReady(
      entry,
      { REDIS_URL: redis.url, QUEUE_PREFIX: `hcs-test-stop-${process.pid}`, LOG_LEVEL: 'info', ...env },
      readyLine,
    );
    running = started;
    await redis.stop();
    // Several reconnect attempts of every connection (backoff 200 ms, 400 ms, … up to 2 s).
    await new Promise((r) => setTimeout(r, 5000));
    const { exit, ms } = await sigtermAndWait(started);
    if (exit === null) {
      const refused = (stderr().match(/ECONNREFUSED/g) ?? []).length;
      throw new Error(`${entry} still running 30 s after SIGTERM with Redis down (${refused} connection-refused errors on stderr so far)`);
    }
    return { exit, ms };
  }

  /**
   * Log lines that report Redis unreachable: the process's message, or any error of a connection
   * refused or reset (stack frames excluded).
   */
  const redisDownLines = (exit: Finished) =>
    `${exit.stdout}\n${exit.stderr}`
      .split('\n')
      .filter((line) => /Redis unreachable \(|ECONNREFUSED|ECONNRESET/.test(line) && !/^\s+at /.test(line))
      .map((line) => line.slice(0, 300));

  it('the worker exits within 15 s, cleanly, and logs the outage once', async () => {
    const { exit, ms } = await stopWithRedisDown('dist/apps/worker/src/main.js', 'worker started', {});
    expect({ ms, bounded: ms < STOP_BOUND_MS }).toEqual({ ms, bounded: true });
    // Nest re-raises the signal after a clean close: exit by SIGTERM (or code 0) is a clean stop.
    expect({ code: exit.code, signal: exit.signal }).toEqual(exit.code === 0 ? { code: 0, signal: null } : { code: null, signal: 'SIGTERM' });
    const lines = redisDownLines(exit);
    expect({ count: lines.length, lines }).toEqual({ count: Math.min(lines.length, 2), lines });
    expect(lines.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('the api exits within 15 s, cleanly, and logs the outage once', async () => {
    const { exit, ms } = await stopWithRedisDown('dist/apps/api/src/main.js', 'api listening on', { PORT: '0' });
    expect({ ms, bounded: ms < STOP_BOUND_MS }).toEqual({ ms, bounded: true });
    expect({ code: exit.code, signal: exit.signal }).toEqual(exit.code === 0 ? { code: 0, signal: null } : { code: null, signal: 'SIGTERM' });
    const lines = redisDownLines(exit);
    expect({ count: lines.length, lines }).toEqual({ count: Math.min(lines.length, 2), lines });
    expect(lines.length).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
