import request from 'supertest';
import { DataSource } from 'typeorm';
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
import { ownPgBouncer, OwnPgBouncer } from '../../support/pgbouncer';
import { ApiProcess, eventually, runNode, startApiProcess } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { TEST_DATABASE_URL, TEST_DB_NAME } from '../../support/test-database';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

/**
 * The built api and worker behind PgBouncer 1.18 in transaction pooling with three server
 * connections (docs/scaling.md, "Through a connection pooler"): DATABASE_POOL_MODE=transaction
 * sends every statement unnamed and no startup parameters; LISTEN goes around the pooler through
 * DATABASE_DIRECT_URL. Chains racing on many client connections, idempotent replays, a hot room,
 * a cancel, a hold expired by the worker's sweep and a webhook relayed on the LISTEN wake-up all
 * hold, and no process logs a statement error.
 */
describe('through PgBouncer in transaction pooling', () => {
  jest.setTimeout(180_000);
  let setup: TestApp;
  let db: DataSource;
  let bouncer: OwnPgBouncer;
  let redis: OwnRedis;
  let api: ApiProcess;
  let worker: ReturnType<typeof runNode>;
  let workerLog = '';
  let receiver: WebhookReceiver;
  let tenant: { tenantId: string; adminKey: string };
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let hot: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    setup = await startTestApp();
    db = setup.app.get(DataSource);
    tenant = await createTenant(setup.app);
    agent = await createChainAgent(setup.app, tenant.tenantId);
    catalog = await createChainCatalog(setup.app, tenant.tenantId, { defaultInventory: 40 });
    hot = await createChainCatalog(setup.app, tenant.tenantId, { defaultInventory: 2 });
    traveler = await travelerDelegation(setup.app, tenant.tenantId, 'traveler-pooled');
    receiver = await new WebhookReceiver().start();
    [bouncer, redis] = await Promise.all([ownPgBouncer({ serverConnections: 3 }), ownRedis()]);
    const env = {
      DATABASE_URL: bouncer.urlFor(TEST_DB_NAME),
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: TEST_DATABASE_URL,
      DATABASE_POOL_SIZE: '12',
      REDIS_URL: redis.url,
      DELEGATION_AUDIENCE: setup.config.delegationAudience,
      HOLD_SWEEP_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    api = await startApiProcess(env);
    worker = runNode('dist/apps/worker/src/main.js', [], env);
    worker.child.stdout?.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
    worker.child.stderr?.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    worker?.child.kill('SIGTERM');
    await worker?.done;
    await Promise.all([bouncer?.stop(), redis?.stop(), receiver?.close()]);
    await setup?.close();
  });

  const as = (req: request.Test) => req.set('authorization', `Bearer ${agent.apiKey}`).timeout(30_000);
  const quote = (c: ChainCatalog, start: number, nights = 1) =>
    as(request(api.baseUrl).post('/v1/quotes')).send({
      hotel_id: c.propertyId,
      room_type_id: c.roomTypeId,
      rate_plan_id: c.freePlanId,
      stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + nights) },
      guests: { adults: 2 },
    });
  const hold = (quoteId: string) => as(request(api.baseUrl).post('/v1/holds')).send({ quote_id: quoteId });
  const book = (holdId: string, quoteId: string, key: string) =>
    as(request(api.baseUrl).post('/v1/bookings'))
      .set('idempotency-key', key)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: holdId, quote_id: quoteId, guest: GUEST, payment: CARD('tok_visa') });

  it('carries the chain, replays, a hot room, a cancel, expiry and webhooks', async () => {
    const endpoint = await request(api.baseUrl)
      .post('/v1/admin/webhooks')
      .set('authorization', `Bearer ${tenant.adminKey}`)
      .send({ url: receiver.url('/pooled'), events: ['booking.confirmed'], description: 'pooled' });
    expect(endpoint.status).toBe(201);

    // Twelve chains at once over twelve client connections sharing three server connections;
    // each booking is sent twice at once with its key.
    const chains = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const q = await quote(catalog, 30 + (i % 4), 2);
        expect(q.status).toBe(201);
        const h = await hold(q.body.data.quote_id);
        expect(h.status).toBe(201);
        const key = `pooled-${h.body.data.hold_id}`;
        const [first, second] = await Promise.all([book(h.body.data.hold_id, q.body.data.quote_id, key), book(h.body.data.hold_id, q.body.data.quote_id, key)]);
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(second.body.data.booking_id).toBe(first.body.data.booking_id);
        const replay = await book(h.body.data.hold_id, q.body.data.quote_id, key);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        return first.body.data.booking_id as string;
      }),
    );
    expect(new Set(chains).size).toBe(12);
    const payments = await db.query(`SELECT count(*)::int AS n FROM payments WHERE booking_id = ANY($1::uuid[])`, [chains]);
    expect(payments).toEqual([{ n: 12 }]);

    // A hot room of two: eight holds race, exactly two win.
    const hotQuotes = await Promise.all(Array.from({ length: 8 }, () => quote(hot, 40)));
    const hotHolds = await Promise.all(hotQuotes.map((q) => hold(q.body.data.quote_id)));
    expect(hotHolds.map((h) => h.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);

    // A cancel returns the room.
    const cancel = await as(request(api.baseUrl).post(`/v1/bookings/${chains[0]}/cancel`))
      .set(DELEGATION_HEADER, traveler)
      .send({});
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.state).toBe('cancelled');

    // A hold past its expiry is expired by the worker (its sweep, through the pooler).
    const lapsing = hotHolds.find((h) => h.status === 201)!.body.data.hold_id as string;
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [lapsing]);
    await eventually(
      async () => (await db.query<Array<{ state: string }>>(`SELECT state FROM holds WHERE id = $1`, [lapsing]))[0].state,
      (state) => state === 'expired',
      30_000,
      250,
    );

    // booking.confirmed reaches the receiver: the relay woke on LISTEN around the pooler.
    await eventually(
      async () => receiver.received.filter((r) => r.path === '/pooled').length,
      (n) => n >= 12,
      60_000,
      250,
    );
    const delivered = receiver.received.filter((r) => r.path === '/pooled').map((r) => verifyWebhook(endpoint.body.data.secret, r));
    expect(new Set(delivered.map((event) => (event.data as { booking_id: string }).booking_id))).toEqual(new Set(chains));

    const logs = `${api.output().stdout}${api.output().stderr}${workerLog}`;
    expect(logs).not.toMatch(/prepared statement|unsupported startup parameter|internal_error/);
  });
});
