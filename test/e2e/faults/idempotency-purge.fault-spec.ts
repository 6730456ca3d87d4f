import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** The worker deletes idempotency records past retention (they keep guests' personal data) on its own. */
describe('idempotency records purge in the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let db: DataSource;
  let tenantId: string;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    tenantId = (await createTenant(t.app)).tenantId;
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  const insert = (count: number, expiresIn: string) =>
    db.query(
      `INSERT INTO idempotency_records (tenant_id, principal_id, route, idempotency_key, request_hash, state, response_status, response_body, expires_at)
       SELECT $1, $2, 'POST /v1/bookings', 'key-' || g || '-' || $3, 'hash', 'completed', 201, '{"data":{"guest":{"primary":{"email":"ada@example.com"}}}}'::json, now() + $3::interval
         FROM generate_series(1, $4) AS g`,
      [tenantId, randomUUID(), expiresIn, count],
    );
  const left = async () =>
    (await db.query(`SELECT (expires_at <= now()) AS expired, count(*)::int AS n FROM idempotency_records WHERE tenant_id = $1 GROUP BY 1 ORDER BY 1`, [
      tenantId,
    ])) as Array<{
      expired: boolean;
      n: number;
    }>;

  it('deletes expired records periodically and keeps live ones', async () => {
    await insert(2500, '-1 hour');
    await insert(3, '23 hours');
    expect(await left()).toEqual([
      { expired: false, n: 3 },
      { expired: true, n: 2500 },
    ]);
    worker = await createWorkerApp(loadConfig({ ...process.env, IDEMPOTENCY_PURGE_INTERVAL_SECONDS: '1' }));
    const rows = await eventually(left, (r) => r.every((g) => !g.expired), 15_000);
    expect(rows).toEqual([{ expired: false, n: 3 }]);
  });
});
