import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { jobIds, QueueName } from '@hcs/platform';
import { createTenant } from '../../support/factories';
import { createChainAgent, createChainCatalog, quoteAndHold } from '../../support/chain-fixtures';
import { lateInfoProxy, LateInfoProxy } from '../../support/late-info-proxy';
import { eventually } from '../../support/processes';
import { ownRedis, OwnRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * BullMQ asks a new connection's server for its version (`INFO`) and keeps the outcome for the
 * connection's life. The api's commands give up after 1 s, so one late answer at boot (its event
 * loop busy for longer, on a loaded machine) left it unable to add any job until a restart: the
 * api's queues skip that check (docs/operations-faults.md, "Redis").
 */
describe('the api adds jobs after a late answer at boot', () => {
  let redis: OwnRedis;
  let proxy: LateInfoProxy;
  let t: TestApp;

  beforeAll(async () => {
    redis = await ownRedis();
    proxy = await lateInfoProxy(redis.url, 1500);
    t = await startTestApp({ REDIS_URL: proxy.url });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await redis?.stop();
  });

  it('enqueues a hold’s expiry job once the connections have started, whatever their second INFO took', async () => {
    // Let any late answer arrive (and any 1 s deadline pass) before the hold.
    await new Promise((r) => setTimeout(r, 2000));
    const tenantId = (await createTenant(t.app)).tenantId;
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 1 });
    const { holdId } = await quoteAndHold(t, agent, catalog, { start: 30, nights: 1, adults: 1 });
    const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
    const job = await eventually(
      () => queue.getJob(jobIds.holdExpiry(holdId)),
      (j) => j !== undefined,
      3000,
      50,
    );
    expect(job?.data).toMatchObject({ hold_id: holdId });
  });
});
