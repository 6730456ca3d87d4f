import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { createTenant } from '../../support/factories';
import { createChainAgent, createChainCatalog, daysFromToday, inventoryOf } from '../../support/chain-fixtures';
import { eventually, freePort, runNode } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

// Two built api processes (npm test builds first) on one database: the inventory invariant holds across instances.
describe('two api processes on one database', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const { child } = runNode('dist/apps/api/src/main.js', [], { PORT: String(port), LOG_LEVEL: 'silent', DATABASE_POOL_SIZE: '6' });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      const up = await eventually(
        () =>
          request(url)
            .get('/healthz')
            .then(
              (r) => r.status,
              () => 0,
            ),
        (s) => s === 200,
        20000,
      );
      expect(up).toBe(200);
      urls.push(url);
    }
  }, 60000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await t.close();
  });

  it('gives exactly the allotment to 100 concurrent holds spread over both, never a 5xx', async () => {
    const tenantId = (await createTenant(t.app)).tenantId;
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 2 });
    const q = await request(urls[0])
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(90), check_out: daysFromToday(93) },
        guests: { adults: 2 },
      });
    expect(q.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(urls[i % 2])
          .post('/v1/holds')
          .set('authorization', `Bearer ${agent.apiKey}`)
          .send({ quote_id: q.body.data.quote_id }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'allotment_exhausted')).toHaveLength(98);
    const inv = (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(90) && r.night < daysFromToday(93));
    expect(inv.map((r) => [r.allotment, r.held, r.sold])).toEqual([
      [2, 2, 0],
      [2, 2, 0],
      [2, 2, 0],
    ]);
  });
});
