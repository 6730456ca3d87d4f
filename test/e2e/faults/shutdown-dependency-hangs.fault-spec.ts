import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  bookStay,
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { createTenant } from '../../support/factories';
import { OwnDatabase, ownDatabase } from '../../support/own-database';
import { eventually, Finished, freePort, runNode, runUntilReady, sigtermAndWait } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

/** The bound of docs/operations-faults.md "Stopping": SIGTERM to exit, whatever does not answer. */
const STOP_BOUND_MS = 15_000;
/** Longer than any test here: the receiver and the provider never answer while it runs. */
const NEVER_MS = 600_000;

/**
 * Stopping is bounded when what the process waits on never answers (docs/operations-faults.md
 * "Stopping"): a built worker delivering a webhook to a receiver that accepted the request and
 * says nothing, and a built api with a booking whose payment provider call does not return, exit
 * within 15 s of SIGTERM. What they leave is for the recovery paths: the delivery is retried, the
 * pending payment attempt is finished by the worker's sweep or a replay.
 */
describe('SIGTERM while a dependency never answers', () => {
  let database: OwnDatabase;
  let redis: OwnRedis;
  let setup: TestApp;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let running: ReturnType<typeof runNode> | undefined;

  beforeAll(async () => {
    database = await ownDatabase('stop_hangs');
    redis = await ownRedis();
    setup = await startTestApp({ DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE: 'true' });
    ({ tenantId, adminKey } = await createTenant(setup.app));
    agent = await createChainAgent(setup.app, tenantId);
    catalog = await createChainCatalog(setup.app, tenantId);
  }, 60_000);
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running?.done;
    running = undefined;
  });
  afterAll(async () => {
    await setup?.close();
    await redis?.stop();
    await database?.drop();
  });

  const processEnv = () => ({ DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_PREFIX: `hcs-test-stop-hang-${process.pid}`, LOG_LEVEL: 'info' });

  function expectBoundedExit({ exit, ms }: { exit: Finished | null; ms: number }, what: string): void {
    if (exit === null) throw new Error(`${what} still running 30 s after SIGTERM`);
    process.stdout.write(`${what}: exited ${ms} ms after SIGTERM\n`);
    expect({ ms, bounded: ms < STOP_BOUND_MS }).toEqual({ ms, bounded: true });
  }

  it('the worker exits within 15 s with a webhook delivery waiting on a silent receiver', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      receiver.answer('/silent', { status: 204, delayMs: NEVER_MS });
      const created = await setup
        .http()
        .post('/v1/admin/webhooks')
        .set('authorization', `Bearer ${adminKey}`)
        .send({ url: receiver.url('/silent'), events: ['booking.confirmed'], description: 'silent receiver' });
      expect(created.status).toBe(201);
      await bookStay(setup, agent, catalog, await travelerDelegation(setup.app, tenantId, 'stop-hang-1'), { start: 30, nights: 1, adults: 1 });

      const { started } = await runUntilReady('dist/apps/worker/src/main.js', { ...processEnv(), WEBHOOK_ALLOW_PRIVATE: 'true' }, 'worker started');
      running = started;
      // The delivery is in flight: the receiver has the request and answers nothing.
      const inFlight = await eventually(
        async () => receiver.received.filter((r) => r.path === '/silent').length,
        (n) => n >= 1,
        30_000,
        50,
      );
      expect(inFlight).toBe(1);
      expectBoundedExit(await sigtermAndWait(started), 'worker with a silent webhook receiver');
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('the api exits within 15 s with a booking waiting on a payment provider that does not return', async () => {
    // tok_timeout: the sandbox provider answers PAYMENT_TIMEOUT_MS + 2 s later, far beyond the test.
    const port = await freePort();
    const { started } = await runUntilReady(
      'dist/apps/api/src/main.js',
      // The setup app's audience: the delegations minted here are for it.
      { ...processEnv(), PORT: String(port), PAYMENT_TIMEOUT_MS: String(NEVER_MS), DELEGATION_AUDIENCE: setup.config.delegationAudience },
      'api listening on',
    );
    running = started;
    const held = await quoteAndHold(setup, agent, catalog, { start: 32, nights: 1, adults: 1 });
    const booking = request(`http://127.0.0.1:${port}`)
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `stop-hang-${held.holdId}`)
      .set('x-delegated-user', await travelerDelegation(setup.app, tenantId, 'stop-hang-2'))
      .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD('tok_timeout') })
      .then(
        (res) => res.status,
        () => 'no answer',
      );
    const db = setup.app.get(DataSource);
    const pending = await eventually(
      async () =>
        (await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM payment_attempts WHERE hold_id = $1 AND state = 'pending'`, [held.holdId]))[0]!.n,
      (n) => n === 1,
      30_000,
      50,
    );
    expect(pending).toBe(1);
    expectBoundedExit(await sigtermAndWait(started), 'api with a payment provider that does not return');
    // The caller is told something or its connection ends; it is not left waiting on a dead process.
    expect([503, 504, 'no answer']).toContain(await booking);
  }, 120_000);
});
