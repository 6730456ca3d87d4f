import { ChildProcess, spawn } from 'node:child_process';
import { TypeOrmHealthIndicator } from '@nestjs/terminus';
import { eventually, freePort } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

describe('readiness', () => {
  it('reports postgres and redis ok on the real services', async () => {
    const t = await startTestApp();
    try {
      const res = await t.http().get('/readyz');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ service: 'hospitality-commerce-service', timestamp: expect.any(String) });
      expect(res.body.data.dependencies.postgres.state).toBe('ok');
      expect(res.body.data.dependencies.redis.state).toBe('ok');
      expect(['ok', 'degraded']).toContain(res.body.data.dependencies.queues.state);
      expect(res.body.trace_id).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await t.close();
    }
  });

  it('answers from a check at most a second old, however often it is called: 50 at once and a tight loop cost a handful of checks', async () => {
    const t = await startTestApp();
    // Each check pings Postgres once (SELECT 1): the pings are the statements /readyz causes.
    const pings = jest.spyOn(TypeOrmHealthIndicator.prototype, 'pingCheck');
    try {
      const together = await Promise.all(Array.from({ length: 50 }, () => t.http().get('/readyz')));
      expect(together.every((res) => res.status === 200)).toBe(true);
      expect(new Set(together.map((res) => res.body.data.timestamp)).size).toBe(1);
      expect(pings).toHaveBeenCalledTimes(1);

      const started = Date.now();
      let calls = 0;
      while (Date.now() - started < 1500) {
        const res = await t.http().get('/readyz');
        expect(res.status).toBe(200);
        // The answer is the check's own: never older than the cache's second plus the check itself.
        expect(Date.now() - Date.parse(res.body.data.timestamp)).toBeLessThan(2500);
        calls++;
      }
      expect(calls).toBeGreaterThan(10);
      // A check is redone once the last one is a second old: about one per second of calls.
      expect(pings.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(pings.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      pings.mockRestore();
      await t.close();
    }
  });

  describe('when Redis goes away and comes back', () => {
    let t: TestApp;
    let redis: ChildProcess | undefined;
    let port: number;

    beforeAll(async () => {
      port = await freePort();
      t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    });
    afterAll(async () => {
      redis?.kill('SIGKILL');
      await t.close();
    });

    it('answers 503 with redis down, then 200 once Redis is back, without a restart', async () => {
      const down = await t.http().get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body.data.status).toBe('down');
      expect(down.body.data.dependencies.redis.state).toBe('down');
      expect(down.body.data.dependencies.postgres.state).toBe('ok');
      // States only: the driver's error text (address, port, errno) stays in the log.
      expect(down.body.data.dependencies.redis).toEqual({ state: 'down' });
      const text = JSON.stringify(down.body);
      for (const leak of ['127.0.0.1', String(port), 'ECONNREFUSED', 'connect', 'message']) expect(text).not.toContain(leak);

      redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const up = await eventually(
        () => t.http().get('/readyz'),
        (res) => res.status === 200,
      );
      expect(up.status).toBe(200);
      expect(up.body.data.dependencies.redis.state).toBe('ok');
    });
  });
});
