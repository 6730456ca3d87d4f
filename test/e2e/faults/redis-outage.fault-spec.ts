import { Queue } from 'bullmq';
import request from 'supertest';
import { jobIds, QueueName } from '@hcs/platform';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { ApiProcess, eventually, startApiProcess } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A built api process on a Redis of this test's own, which the test stops and starts mid-chain
 * (docs/operations-faults.md): every chain call answers within 2 s while Redis is down, the chain
 * still completes, readiness says `down` and recovers by itself.
 */
describe('Redis stopped and restarted mid-chain', () => {
  let setup: TestApp;
  let redis: OwnRedis;
  let api: ApiProcess;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let adminKey: string;

  beforeAll(async () => {
    setup = await startTestApp();
    const tenant = await createTenant(setup.app);
    const tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(setup.app, tenantId);
    catalog = await createChainCatalog(setup.app, tenantId, { defaultInventory: 3 });
    traveler = await travelerDelegation(setup.app, tenantId, 'traveler-redis-outage');
    redis = await ownRedis();
    api = await startApiProcess({ REDIS_URL: redis.url, LOG_LEVEL: 'silent', DELEGATION_AUDIENCE: setup.config.delegationAudience });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await redis?.stop();
    await setup?.close();
  });

  const as = (req: request.Test) => req.set('authorization', `Bearer ${agent.apiKey}`).timeout(10_000);
  const timed = async (req: request.Test) => {
    const started = Date.now();
    const res = await req;
    return { res, ms: Date.now() - started };
  };
  const quote = (start: number) =>
    as(request(api.baseUrl).post('/v1/quotes')).send({
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + 2) },
      guests: { adults: 2 },
    });

  it('answers every chain call within 2 s while Redis is down, and recovers without a restart', async () => {
    const q1 = await quote(30);
    expect(q1.status).toBe(201);

    await redis.stop();
    const calls: Array<[string, number, number]> = [];
    const { res: q2, ms: q2ms } = await timed(quote(34));
    calls.push(['quote', q2.status, q2ms]);
    const { res: hold, ms: holdMs } = await timed(
      as(request(api.baseUrl).post('/v1/holds')).set('idempotency-key', 'hold-during-outage').send({ quote_id: q1.body.data.quote_id }),
    );
    calls.push(['hold', hold.status, holdMs]);
    const { res: booking, ms: bookingMs } = await timed(
      as(request(api.baseUrl).post('/v1/bookings'))
        .set('idempotency-key', `book-${hold.body.data?.hold_id}`)
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: hold.body.data?.hold_id, quote_id: q1.body.data.quote_id, guest: GUEST, payment: CARD() }),
    );
    calls.push(['booking', booking.status, bookingMs]);
    const bookingId = booking.body.data?.booking_id as string;
    const { res: read, ms: readMs } = await timed(as(request(api.baseUrl).get(`/v1/bookings/${bookingId}`)).set(DELEGATION_HEADER, traveler));
    calls.push(['get booking', read.status, readMs]);
    const { res: cancel, ms: cancelMs } = await timed(
      as(request(api.baseUrl).post(`/v1/bookings/${bookingId}/cancel`))
        .set(DELEGATION_HEADER, traveler)
        .send({}),
    );
    calls.push(['cancel', cancel.status, cancelMs]);
    // A credential change broadcasts on Redis pub/sub: the broadcast is lost, the answer is not late.
    const { res: renamed, ms: renameMs } = await timed(
      request(api.baseUrl)
        .patch(`/v1/admin/agents/${agent.agentId}`)
        .set('authorization', `Bearer ${adminKey}`)
        .timeout(10_000)
        .send({ name: 'renamed during outage' }),
    );
    calls.push(['admin rename agent', renamed.status, renameMs]);
    // A replay of the hold with the same key is the stored answer, not a second room or a conflict.
    const replay = await as(request(api.baseUrl).post('/v1/holds')).set('idempotency-key', 'hold-during-outage').send({ quote_id: q1.body.data.quote_id });
    calls.push(['hold replay', replay.status, 0]);
    expect(replay.body.data?.hold_id).toBe(hold.body.data?.hold_id);

    expect(calls.map(([name, status]) => [name, status])).toEqual([
      ['quote', 201],
      ['hold', 201],
      ['booking', 201],
      ['get booking', 200],
      ['cancel', 200],
      ['admin rename agent', 200],
      ['hold replay', 201],
    ]);
    for (const [name, , ms] of calls) expect({ name, fast: ms < 2000 }).toEqual({ name, fast: true });

    const ready = await request(api.baseUrl).get('/readyz').timeout(5000);
    expect(ready.status).toBe(503);
    expect(ready.body.data.status).toBe('down');
    expect(ready.body.data.dependencies.redis.state).toBe('down');
    expect(ready.body.data.dependencies.postgres.state).toBe('ok');

    await redis.start();
    const back = await eventually(
      () => request(api.baseUrl).get('/readyz'),
      (res) => res.body.data?.dependencies?.redis?.state === 'ok',
      15_000,
    );
    expect(back.status).toBe(200);
    expect(back.body.data.dependencies.redis.state).toBe('ok');

    // The producer connection is back too: a new hold's expiry job reaches the queue again.
    const q3 = await quote(38);
    const h3 = await as(request(api.baseUrl).post('/v1/holds')).send({ quote_id: q3.body.data.quote_id });
    expect(h3.status).toBe(201);
    const queue = new Queue(QueueName.HoldExpiry, { connection: { url: redis.url }, prefix: process.env.QUEUE_PREFIX });
    try {
      const job = await eventually(
        () => queue.getJob(jobIds.holdExpiry(h3.body.data.hold_id)),
        (j) => j !== undefined,
        5000,
      );
      expect(job?.data).toMatchObject({ hold_id: h3.body.data.hold_id });
    } finally {
      await queue.close();
    }
  });
});
