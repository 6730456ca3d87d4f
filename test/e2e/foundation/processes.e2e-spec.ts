import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { eventually, runNode } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

// These run the built entry points (npm test builds first), as an operator would.
describe('processes', () => {
  let t: TestApp;
  // A queue prefix of its own: workers other specs of this jest process killed leave heartbeats
  // that stay live for their TTL, and readiness here must count only the worker this spec runs.
  const QUEUE_PREFIX = `hcs-test-processes-${process.pid}`;
  beforeAll(async () => {
    t = await startTestApp({ QUEUE_PREFIX });
  });
  afterAll(() => t.close());

  it('hcs migrate --json reports an up-to-date schema and prints only JSON', async () => {
    const { done } = runNode('dist/apps/cli/src/main.js', ['migrate', '--json']);
    const result = await done;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ database_created: false, applied: [] });
  });

  it('hcs tenant create --json prints {tenant_id, admin_api_key} and stores only a hash of the key', async () => {
    const { done } = runNode('dist/apps/cli/src/main.js', ['tenant', 'create', '--name', 'Cli Hotels', '--json']);
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(result.stdout);
    expect(Object.keys(out).sort()).toEqual(['admin_api_key', 'tenant_id']);
    expect(out.tenant_id).toMatch(/^[0-9a-f-]{36}$/);

    const db = t.app.get(DataSource);
    const [tenant] = await db.query('SELECT name FROM tenants WHERE id = $1', [out.tenant_id]);
    expect(tenant.name).toBe('Cli Hotels');
    const rows = await db.query('SELECT c.* FROM credentials c WHERE c.tenant_id = $1', [out.tenant_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(out.admin_api_key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(out.admin_api_key);
  });

  it('refuses to boot the api on a bad variable and names it', async () => {
    const { done } = runNode('dist/apps/api/src/main.js', [], { PORT: 'eighty', HOLD_TTL_SECONDS: '0' });
    const result = await done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('HOLD_TTL_SECONDS');
  });

  it('starts the worker, which readiness sees, and stops it gracefully on SIGTERM', async () => {
    const { child, done } = runNode('dist/apps/worker/src/main.js', [], { QUEUE_PREFIX });
    const live = await eventually(
      () => t.http().get('/readyz'),
      (res) => res.body.data.dependencies.queues.state === 'ok',
    );
    expect(live.body.data.dependencies.queues).toMatchObject({ state: 'ok', live_workers: 1 });

    child.kill('SIGTERM');
    const result = await done;
    // Nest closes the app (workers finish their jobs, the heartbeat is withdrawn), then re-raises
    // the signal; the heartbeat being gone well before its 15 s TTL proves the shutdown hooks ran
    // (/readyz answers from a check at most 1 s old).
    expect(result.code === 0 || result.signal === 'SIGTERM').toBe(true);
    expect(result.stderr).not.toMatch(/error/i);
    const after = await eventually(
      () => t.http().get('/readyz'),
      (res) => res.body.data.dependencies.queues.state === 'degraded',
      3000,
    );
    expect(after.body.data.dependencies.queues.state).toBe('degraded');
  });
});
