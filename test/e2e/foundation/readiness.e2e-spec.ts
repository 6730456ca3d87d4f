import { ChildProcess, spawn } from 'node:child_process';
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
