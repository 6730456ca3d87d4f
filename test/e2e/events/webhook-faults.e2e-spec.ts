import { ChildProcess } from 'node:child_process';
import { createTenant } from '../../support/factories';
import {
  ChainAgent,
  ChainCatalog,
  CARD,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { ApiProcess, eventually, runNode, startApiProcess } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

/**
 * Faults around webhooks with real processes: an api and a worker on a Redis of the test's own,
 * which the test stops and restarts, and a worker the test kills mid-delivery.
 */
describe('webhook delivery under faults', () => {
  let redis: OwnRedis;
  let fixtures: TestApp;
  let api: ApiProcess;
  let worker: ChildProcess;
  let receiver: WebhookReceiver;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let day = 30;
  let env: Record<string, string>;

  const startWorker = () => runNode('dist/apps/worker/src/main.js', [], env).child;
  const stopWorker = async (signal: NodeJS.Signals) => {
    if (!worker || worker.exitCode !== null) return;
    const exited = new Promise((resolve) => worker.on('exit', resolve));
    worker.kill(signal);
    await exited;
  };

  beforeAll(async () => {
    redis = await ownRedis();
    env = { REDIS_URL: redis.url, QUEUE_PREFIX: `hcs-faults-${process.pid}` };
    fixtures = await startTestApp();
    env.DELEGATION_AUDIENCE = fixtures.config.delegationAudience;
    const tenant = await createTenant(fixtures.app);
    adminKey = tenant.adminKey;
    agent = await createChainAgent(fixtures.app, tenant.tenantId);
    catalog = await createChainCatalog(fixtures.app, tenant.tenantId, { defaultInventory: 20 });
    traveler = await travelerDelegation(fixtures.app, tenant.tenantId, 'traveler-f');
    receiver = await new WebhookReceiver().start();
    api = await startApiProcess(env);
    worker = startWorker();
  }, 60_000);
  afterAll(async () => {
    await stopWorker('SIGKILL');
    await api?.stop();
    await redis?.stop();
    await receiver.close();
    await fixtures.close();
  });

  const endpoint = async (path: string) => {
    const res = await fixtures
      .http()
      .post('/v1/admin/webhooks')
      .set({ authorization: `Bearer ${adminKey}` })
      .send({ url: receiver.url(path), events: ['booking.confirmed'] });
    return { id: res.body.data.id as string, secret: res.body.data.secret as string };
  };
  const confirm = (held: { holdId: string; quoteId: string }) =>
    fetch(`${api.baseUrl}/v1/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${agent.apiKey}`,
        'idempotency-key': `fault-${held.holdId}`,
        [DELEGATION_HEADER]: traveler,
      },
      body: JSON.stringify({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD() }),
    });

  it('a booking made while Redis is down is delivered once Redis is back', async () => {
    const ep = await endpoint('/redis-down');
    const held = await quoteAndHold(fixtures, agent, catalog, { start: (day += 2), nights: 1, planId: catalog.freePlanId, adults: 1 });
    await redis.stop();
    const started = Date.now();
    const booked = await confirm(held);
    const answer = booked.status === 201 ? null : await booked.text();
    expect(answer).toBeNull();
    expect(booked.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5000);
    const bookingId = ((await booked.json()) as { data: { booking_id: string } }).data.booking_id;
    await new Promise((r) => setTimeout(r, 1500));
    await redis.start();
    const got = await eventually(
      async () => receiver.at('/redis-down'),
      (r) => r.length > 0,
      30_000,
      200,
    );
    const event = verifyWebhook(ep.secret, got[0]);
    expect(event).toMatchObject({ type: 'booking.confirmed', data: { booking_id: bookingId, state: 'confirmed' } });
  }, 60_000);

  it('a worker killed mid-delivery: the event is delivered again with the same webhook-id', async () => {
    receiver.answer('/killed', { status: 200, delayMs: 2000 });
    const ep = await endpoint('/killed');
    const held = await quoteAndHold(fixtures, agent, catalog, { start: (day += 2), nights: 1, planId: catalog.freePlanId, adults: 1 });
    expect((await confirm(held)).status).toBe(201);
    await eventually(
      async () => receiver.at('/killed'),
      (r) => r.length > 0,
      15_000,
      20,
    );
    await stopWorker('SIGKILL'); // the receiver has the request; the worker never reads the answer
    worker = startWorker();
    const got = await eventually(
      async () => receiver.at('/killed'),
      (r) => r.length > 1,
      40_000,
      200,
    );
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([got[0].headers['webhook-id'], got[0].headers['webhook-id']]);
    expect(verifyWebhook(ep.secret, got[1]).id).toBe(got[0].headers['webhook-id']);
    const deliveries = await eventually(
      async () =>
        (
          await fixtures
            .http()
            .get(`/v1/admin/webhooks/${ep.id}/deliveries`)
            .set({ authorization: `Bearer ${adminKey}` })
        ).body.data.items,
      (items: Array<{ state: string; attempts: unknown[] }>) => items[0]?.state === 'succeeded',
      15_000,
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].attempts).toEqual([expect.objectContaining({ chain: 1, attempt: 1, status: 200 })]);
  }, 90_000);
});
