import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday } from '../../support/chain-fixtures';
import { ApiProcess, startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A built api process whose Postgres connections (and only those: its own application_name on the
 * test's own database) are killed with pg_terminate_backend under load: every answer is a success
 * or the catalogued `service_unavailable` (503, retry_after), and the pool recovers by itself.
 */
describe('Postgres connections killed under load', () => {
  let setup: TestApp;
  let db: DataSource;
  let api: ApiProcess;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  const appName = `hcs-fault-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    setup = await startTestApp();
    db = setup.app.get(DataSource);
    const tenantId = (await createTenant(setup.app)).tenantId;
    agent = await createChainAgent(setup.app, tenantId);
    catalog = await createChainCatalog(setup.app, tenantId, { defaultInventory: 50 });
    // node-postgres names its connections after PGAPPNAME: this process's backends are findable.
    api = await startApiProcess({ PGAPPNAME: appName, DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'silent' });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await setup?.close();
  });

  const quote = (i: number) =>
    request(api.baseUrl)
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .timeout(10_000)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(10 + (i % 20)), check_out: daysFromToday(12 + (i % 20)) },
        guests: { adults: 2 },
      });
  const search = (i: number) =>
    request(api.baseUrl)
      .post('/v1/search')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .timeout(10_000)
      .send({
        destination: { type: 'property', value: catalog.propertyId },
        stay: { check_in: daysFromToday(10 + (i % 20)), check_out: daysFromToday(12 + (i % 20)) },
        guests: { adults: 2 },
      });
  const kill = async () =>
    Number(
      (
        await db.query(
          `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
          [appName],
        )
      )[0].n,
    );

  it('fails cleanly with service_unavailable while its backends are killed, then recovers', async () => {
    const answers: Array<{ status: number; code?: string; retry_after?: unknown }> = [];
    let running = true;
    const loop = async (worker: number) => {
      for (let i = 0; running; i++) {
        const res = await (i % 2 === 0 ? quote(worker * 100 + i) : search(worker * 100 + i));
        answers.push({ status: res.status, code: res.body?.error?.code, retry_after: res.body?.error?.retry_after });
      }
    };
    const loops = Array.from({ length: 8 }, (_, w) => loop(w));
    let killed = 0;
    const until = Date.now() + 4000;
    while (Date.now() < until) {
      killed += await kill();
      await new Promise((r) => setTimeout(r, 40));
    }
    running = false;
    await Promise.all(loops);

    expect(killed).toBeGreaterThan(10);
    const failures = answers.filter((a) => a.status >= 300);
    expect(failures.length).toBeGreaterThan(0);
    // Nothing but successes and the catalogued unavailable code: no internal_error, no hang.
    expect([...new Set(failures.map((a) => `${a.status} ${a.code} ${a.retry_after}`))]).toEqual(['503 service_unavailable 2']);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(0);

    // The pool recovers by itself: every request succeeds again.
    const after: number[] = [];
    for (let i = 0; i < 20; i++) after.push((await (i % 2 === 0 ? quote(i) : search(i))).status);
    expect(after.every((s) => s === 200 || s === 201)).toBe(true);
    const ready = await request(api.baseUrl).get('/readyz');
    expect(ready.body.data.dependencies.postgres.state).toBe('ok');
  });
});
