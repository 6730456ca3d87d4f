import { DataSource, QueryRunner } from 'typeorm';
import { DATABASE_CONNECT_TIMEOUT_MS } from '@hcs/persistence';
import { createTenant } from '../../support/factories';
import { createChainAgent } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A pool with no free connection (here: its only one taken and kept) makes a request wait at most
 * DATABASE_CONNECT_TIMEOUT_MS, then answer `service_unavailable` (docs/operations-faults.md).
 */
describe('Postgres pool without a free connection', () => {
  let setup: TestApp;
  let t: TestApp;
  let apiKey: string;
  let taken: QueryRunner | undefined;

  beforeAll(async () => {
    setup = await startTestApp();
    const tenantId = (await createTenant(setup.app)).tenantId;
    apiKey = (await createChainAgent(setup.app, tenantId)).apiKey;
    t = await startTestApp({ DATABASE_POOL_SIZE: '1' });
  }, 60_000);
  afterAll(async () => {
    await taken?.release();
    await t.close();
    await setup.close();
  });

  it('answers 503 service_unavailable with retry_after after the connect timeout, and serves again once a connection is free', async () => {
    taken = t.app.get(DataSource).createQueryRunner();
    await taken.connect();
    const started = Date.now();
    const res = await t.http().get('/v1/bookings/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${apiKey}`).timeout(20_000);
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body.error).toMatchObject({ code: 'service_unavailable', retry_after: 2, detail: {} });
    expect(waited).toBeGreaterThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 8000);

    await taken.release();
    taken = undefined;
    const again = await t.http().get('/v1/bookings/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${apiKey}`);
    expect(again.status).toBeLessThan(500);
  }, 60_000);
});
