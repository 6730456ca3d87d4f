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
      // Bounds are counts over the time the calls measurably took, so a slow machine meets them too.
      const startedTogether = Date.now();
      const together = await Promise.all(Array.from({ length: 50 }, () => t.http().get('/readyz')));
      const togetherMs = Date.now() - startedTogether;
      expect(together.every((res) => res.status === 200)).toBe(true);
      const checksTogether = pings.mock.calls.length;
      expect(checksTogether).toBeGreaterThanOrEqual(1);
      expect(checksTogether).toBeLessThanOrEqual(Math.ceil(togetherMs / 1000) + 1);
      expect(new Set(together.map((res) => res.body.data.timestamp)).size).toBeLessThanOrEqual(checksTogether);

      const startedLoop = Date.now();
      for (let i = 0; i < 30; i++) {
        const asked = Date.now();
        const res = await t.http().get('/readyz');
        expect(res.status).toBe(200);
        // The answer is a check started at most a second before this call was made (a little slack for clocks).
        expect(Date.parse(res.body.data.timestamp)).toBeGreaterThanOrEqual(asked - 1000 - 50);
      }
      const loopMs = Date.now() - startedLoop;
      // At most one check per started second of calls, not one per call.
      expect(pings.mock.calls.length - checksTogether).toBeLessThanOrEqual(Math.ceil(loopMs / 1000) + 1);
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
