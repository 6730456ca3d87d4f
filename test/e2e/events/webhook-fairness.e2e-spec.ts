import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig, REDIS, type Redis } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { SLOTS_KEPT_FREE, TenantDeliverySlots, WEBHOOK_WORKER_CONCURRENCY } from '../../../apps/worker/src/webhooks/tenant-delivery-slots';
import { ATTEMPT_TIMEOUT_MS } from '../../../libs/domain/src/webhooks/services/signing-secrets';
import { createTenant } from '../../support/factories';
import { eventually } from '../../support/processes';
import { OwnDatabase, ownDatabase } from '../../support/own-database';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

const SHARE = 4;
const HANGING_EVENTS = 150;
const MEASURED_EVENTS = 40;
const PACE_MS = 50;

/**
 * Fairness between tenants (docs/events.md "Fairness between tenants"): with the real worker,
 * tenant A's receiver hangs past the 10 s attempt budget on a backlog of deliveries while tenant B's
 * deliveries keep the p99 they have on an idle worker. Before per-tenant shares, A's backlog held
 * all 64 of the worker's slots for 10 s at a time and B waited behind it.
 */
describe('webhook fairness between tenants', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let db: DataSource;
  let a: { tenantId: string; adminKey: string };
  let b: { tenantId: string; adminKey: string };
  let database: OwnDatabase;
  let redis: OwnRedis;

  beforeAll(async () => {
    // A database and a Redis of its own: another test file's worker would otherwise relay and
    // deliver this file's events too, and the slots counted here would be two workers' (docs/events.md).
    database = await ownDatabase('fairness');
    redis = await ownRedis();
    const env = { WEBHOOK_TENANT_CONCURRENCY: String(SHARE), DATABASE_URL: database.url, REDIS_URL: redis.url };
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    receiver = await new WebhookReceiver().start();
    receiver.answer('/hang', { status: 204, delayMs: 15_000 });
    db = t.app.get(DataSource);
    a = await createTenant(t.app);
    b = await createTenant(t.app);
    for (const [tenant, path] of [
      [a, '/hang'],
      [b, '/fast'],
    ] as const) {
      const res = await t
        .http()
        .post('/v1/admin/webhooks')
        .set({ authorization: `Bearer ${tenant.adminKey}` })
        .send({ url: receiver.url(path), events: ['booking.confirmed'] });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await receiver.close();
    await worker.close();
    await t.close();
    await redis.stop();
    await database.drop();
  });

  /** Commits one event of the tenant, as a use case's outbox write would; returns its id and commit time. */
  const commitEvent = async (tenantId: string): Promise<{ id: string; at: number }> => {
    const bookingId = randomUUID();
    const rows = (await db.query(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, created_at)
       VALUES ($1, 'booking.confirmed', 'booking', $2, $3, clock_timestamp()) RETURNING id, created_at`,
      [tenantId, bookingId, JSON.stringify({ booking_id: bookingId, state: 'confirmed' })],
    )) as Array<{ id: string; created_at: Date }>;
    return { id: rows[0]!.id, at: rows[0]!.created_at.getTime() };
  };

  /** Commits B's events paced, waits for every one at the receiver, and answers commit→receipt p50/p99 (ms). */
  const measureB = async (): Promise<{ p50: number; p99: number }> => {
    const sent: Array<{ id: string; at: number }> = [];
    for (let i = 0; i < MEASURED_EVENTS; i++) {
      sent.push(await commitEvent(b.tenantId));
      await new Promise((r) => setTimeout(r, PACE_MS));
    }
    const ids = new Set(sent.map((s) => s.id));
    const arrivals = await eventually(
      async () => receiver.at('/fast').filter((r) => ids.has(String(r.headers['webhook-id']))),
      (got) => new Set(got.map((r) => String(r.headers['webhook-id']))).size === ids.size,
      120_000,
      50,
    );
    const first = new Map<string, number>();
    for (const r of arrivals) {
      const id = String(r.headers['webhook-id']);
      first.set(id, Math.min(first.get(id) ?? Infinity, r.at));
    }
    const latencies = sent.map((s) => first.get(s.id)! - s.at).sort((x, y) => x - y);
    const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
    return { p50: pick(0.5), p99: pick(0.99) };
  };

  it("keeps tenant B's p99 while tenant A's receiver hangs on a backlog; A never holds the slots kept free", async () => {
    const idle = await measureB();

    const hangStarted = Date.now();
    const values = Array.from({ length: HANGING_EVENTS }, () => `($1, 'booking.confirmed', 'booking', gen_random_uuid(), '{"state":"confirmed"}'::jsonb)`);
    await db.query(`INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload) VALUES ${values.join(', ')}`, [a.tenantId]);
    // A's backlog is relayed and its first attempts are hanging before B's events are committed.
    await eventually(
      async () => receiver.at('/hang').length,
      (n) => n >= SHARE,
      30_000,
      50,
    );
    const loaded = await measureB();
    // Within the first attempt budget (10 s) A held at most the worker's slots minus those kept free
    // for others (its share, plus what it borrowed while the worker was idle).
    const hangingAtOnce = receiver.at('/hang').filter((r) => r.at < hangStarted + 9_000).length;

    // The numbers docs/events.md reports.
    console.log(
      `webhook fairness: tenant B commit->receipt idle p50 ${idle.p50} ms p99 ${idle.p99} ms; ` +
        `with tenant A hanging (${HANGING_EVENTS} deliveries, share ${SHARE}) p50 ${loaded.p50} ms p99 ${loaded.p99} ms; ` +
        `A requests open in its first 9 s: ${hangingAtOnce}`,
    );
    expect(hangingAtOnce).toBeLessThanOrEqual(WEBHOOK_WORKER_CONCURRENCY - SLOTS_KEPT_FREE);
    // Without shares B would wait behind A's 64 hanging attempts for their whole 10 s budget
    // (a p99 near 10.7 s). With them it stays within 3x idle, or under half that budget, so it never
    // waited for one of A's attempts to time out: the floor absorbs the relay draining A's backlog,
    // which a slow machine takes seconds over (2.2 s with the suite on one core).
    expect(loaded.p99).toBeLessThanOrEqual(Math.max(3 * idle.p99, ATTEMPT_TIMEOUT_MS / 2));
  });

  it('admits at most the share per tenant across holders, renews a holder, and frees lapsed or released slots', async () => {
    const slots = worker.get(TenantDeliverySlots);
    const tenant = randomUUID();
    const holders = Array.from({ length: SHARE + 2 }, (_, i) => `job-${i}`);
    const admitted = await Promise.all(holders.map((h) => slots.acquire(tenant, h)));
    expect(admitted.filter(Boolean)).toHaveLength(SHARE);
    await expect(slots.acquire(tenant, holders[0]!)).resolves.toBe(true); // the same holder again: renewed
    await expect(slots.acquire(randomUUID(), 'job-x')).resolves.toBe(true); // another tenant is not affected
    await slots.release(tenant, holders[0]!);
    await expect(slots.acquire(tenant, 'job-new')).resolves.toBe(true);
    await expect(slots.acquire(tenant, 'job-late')).resolves.toBe(false);
    // Past its share only when the worker may lend an idle slot.
    await expect(slots.acquire(tenant, 'job-borrow', true)).resolves.toBe(true);
    await slots.release(tenant, 'job-borrow');
    // A holder that died: its lease lapses (here: backdated) and the slot is free again.
    const redis = worker.get<Redis>(REDIS);
    const key = `${loadConfig(process.env).queuePrefix}:webhook-slots:${tenant}`;
    await redis.zadd(key, Date.now() - 1, holders[1]!);
    await expect(slots.acquire(tenant, 'job-late')).resolves.toBe(true);
  });
});
