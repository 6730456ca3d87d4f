import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExpireHold } from '@hcs/domain';
import { createTenant, TestTenant } from '../../support/factories';
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
import { ALL_QUEUES, newTraceId, RequestContext } from '@hcs/platform';
import { parseMetrics, sample } from '../../support/prometheus-text';
import { ApiProcess, eventually, Finished, freePort, runNode, startApiProcess } from '../../support/processes';
import { RedisClusterServer } from '../../support/redis-cluster';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

/** How many times the master holding the queues is killed (its node restarted as a replica between). */
const KILLS = 2;
/** Every queue must fetch again within this of the replica's promotion (docs/redis-cluster.md). */
const RESUME_MS = 30_000;
/**
 * A fetch loop comes back from waiting at least every ~11 s (BullMQ blocks at most 10 s): one idle
 * longer than this, well after the promotion, no longer fetches its queue.
 */
const LOOP_IDLE_MAX_S = 12;
/** The fetch loops are checked once the promotion is this far behind (a loop stalled by it has been idle longer than LOOP_IDLE_MAX_S by then). */
const LOOPS_CHECKED_AFTER_MS = 20_000;
/** The probe hold's TTL: its expiry job is delayed by this much. */
const HOLD_TTL_SECONDS = 4;
/**
 * A hold's job can be lost only around a kill: added to the master in its last moments and not yet
 * replicated, not enqueued while the api had no master (its enqueue gives up after 2 s), or firing
 * while the master died and stalled out. A hold left to the backstop must have been created between
 * this long before its job could fire into a kill and this long after the promotion.
 */
const LOST_JOB_BEFORE_KILL_MS = HOLD_TTL_SECONDS * 1000 + 3000;
const LOST_JOB_AFTER_PROMOTION_MS = 15_000;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string; detail?: Record<string, unknown> } };
}

/** Seconds from `from` to when `probe` first held (polled), or null if not within RESUME_MS of `from`. */
async function firstSuccess(from: number, probe: () => Promise<boolean>): Promise<number | null> {
  const ok = await eventually(probe, (v) => v, from + RESUME_MS - Date.now(), 200);
  return ok ? (Date.now() - from) / 1000 : null;
}

/**
 * A Redis Cluster master killed outright (SIGKILL, not a `CLUSTER FAILOVER`), more than once
 * (docs/redis-cluster.md "A master killed outright"): under light chain load with two worker
 * processes, the master holding `{QUEUE_PREFIX}` is killed; once its replica is promoted, each
 * queue fetches again within RESUME_MS without any process restart: a hold expires by its delayed
 * job (the backstop sweep's interval is an hour, so it cannot hide a stall), a booking's outbox
 * event is relayed and its webhook delivered, its due follow-up is sent, and the oversell sweep
 * opens an incident for a night made oversold after the promotion. Nothing of the load is lost,
 * and the workers still stop within 15 s of SIGTERM.
 */
describe('a Redis Cluster master killed outright: every queue resumes by itself', () => {
  const cluster = new RedisClusterServer(1500);
  const prefix = `hcs-mkill-${randomUUID().slice(0, 8)}`;
  let fixtures: TestApp;
  let db: DataSource;
  let tenant: TestTenant;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let receiver: WebhookReceiver;
  let secret: string;
  let api: ApiProcess;
  const workers: Array<{ child: ChildProcess; done: Promise<Finished>; log: string; metricsPort: number }> = [];
  const logs = () => workers.map((w, i) => `worker ${i}: ${w.log.slice(-4000)}`).join('\n');

  beforeAll(async () => {
    await cluster.start();
    fixtures = await startTestApp();
    db = fixtures.app.get(DataSource);
    tenant = await createTenant(fixtures.app);
    agent = await createChainAgent(fixtures.app, tenant.tenantId);
    catalog = await createChainCatalog(fixtures.app, tenant.tenantId, { defaultInventory: 200 });
    receiver = await new WebhookReceiver().start();
    const endpoint = await fixtures
      .http()
      .post('/v1/admin/webhooks')
      .set({ authorization: `Bearer ${tenant.adminKey}` })
      .send({ url: receiver.url('/killed'), events: ['booking.confirmed'] })
      .expect(201);
    secret = endpoint.body.data.secret;
    const env = {
      REDIS_CLUSTER_NODES: cluster.seeds,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      DELEGATION_AUDIENCE: fixtures.config.delegationAudience,
      HOLD_TTL_SECONDS: String(HOLD_TTL_SECONDS),
      // The backstop sweeps wait an hour: a hold or follow-up done in time was done by its own job.
      HOLD_SWEEP_INTERVAL_SECONDS: '3600',
      FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '3600',
      OVERSELL_SWEEP_INTERVAL_SECONDS: '2',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    api = await startApiProcess({ ...env, LOG_LEVEL: 'error' });
    for (let i = 0; i < 2; i++) {
      const metricsPort = await freePort();
      const worker = {
        ...runNode('dist/apps/worker/src/main.js', [], { ...env, LOG_LEVEL: 'warn', WORKER_METRICS_PORT: String(metricsPort) }),
        log: '',
        metricsPort,
      };
      worker.child.stdout?.on('data', (chunk: Buffer) => (worker.log += chunk.toString()));
      worker.child.stderr?.on('data', (chunk: Buffer) => (worker.log += chunk.toString()));
      workers.push(worker);
    }
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all([api?.stop(), ...workers.map((w) => w.done)]);
    await cluster.stop();
    await receiver?.close();
    await fixtures?.close();
  }, 60_000);

  it(`resumes every queue within ${RESUME_MS / 1000} s of each promotion, loses nothing, and stops on SIGTERM`, async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** One call, retried while the api answers 503 (Redis failing over). */
    const call = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
      for (let attempt = 0; attempt < 60; attempt++) {
        const res = await fetch(`${api.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.apiKey}`, ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const answer = { status: res.status, body: (await res.json().catch(() => ({}))) as Answer['body'] };
        const inProgress = answer.status === 409 && answer.body.error?.detail?.in_progress === true;
        if (answer.status !== 503 && !inProgress) return answer;
        await sleep(500);
      }
      throw new Error(`${path}: no final answer`);
    };
    let n = 0;
    const quote = async (offset: number) => {
      const q = await call('/v1/quotes', {
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(offset), check_out: daysFromToday(offset + 1) },
        guests: { adults: 1 },
      });
      if (q.status !== 201) throw new Error(`quote ${q.status} ${JSON.stringify(q.body)}`);
      return q.body.data!.quote_id as string;
    };
    const hold = async (quoteId: string) => {
      const h = await call('/v1/holds', { quote_id: quoteId }, { 'idempotency-key': `${prefix}-hold-${n++}` });
      if (h.status !== 201) throw new Error(`hold ${h.status} ${JSON.stringify(h.body)}`);
      return h.body.data!.hold_id as string;
    };
    const book = async (offset: number) => {
      const quoteId = await quote(offset);
      const holdId = await hold(quoteId);
      const traveler = await travelerDelegation(fixtures.app, tenant.tenantId, `traveler-${n}`);
      const b = await call(
        '/v1/bookings',
        { hold_id: holdId, quote_id: quoteId, guest: GUEST, payment: CARD() },
        { 'idempotency-key': `${prefix}-book-${n++}`, [DELEGATION_HEADER]: traveler },
      );
      if (b.status !== 201) throw new Error(`booking ${b.status} ${JSON.stringify(b.body)}`);
      return { bookingId: b.body.data!.booking_id as string, holdId, night: daysFromToday(offset) };
    };
    const webhooked = () => {
      const ids = new Set<string>();
      for (const r of receiver.at('/killed')) {
        const event = verifyWebhook(secret, r);
        if (event.type === 'booking.confirmed') ids.add((event.data as { booking_id: string }).booking_id);
      }
      return ids;
    };
    /** Per worker process, each queue's fetch loop idle time (`hcs_worker_fetch_idle_seconds`). */
    const loopIdle = async () =>
      Promise.all(
        workers.map(async (w) => {
          const families = parseMetrics(await (await fetch(`http://127.0.0.1:${w.metricsPort}/metrics`)).text());
          return Object.fromEntries(ALL_QUEUES.map((queue) => [queue, sample(families, 'hcs_worker_fetch_idle_seconds', { queue })]));
        }),
      );
    const holdState = async (id: string) => (await db.query(`SELECT state FROM holds WHERE id = $1`, [id]))[0].state as string;

    // Light chain load through the whole test: bookings (check-in tomorrow) and holds left to expire.
    const loadBookings: string[] = [];
    const loadHolds: string[] = [];
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        if (i % 3 === 2) loadHolds.push(await hold(await quote(1)));
        else {
          const b = await book(1);
          loadBookings.push(b.bookingId);
          loadHolds.push(b.holdId);
        }
        await sleep(300);
      }
    })();
    // Awaited below; a failure of the rounds stops it without an unhandled rejection.
    load.catch(() => undefined);

    const rounds: string[] = [];
    const failovers: Array<{ killedAt: number; promotedAt: number }> = [];
    try {
      for (let round = 0; round < KILLS; round++) {
        await sleep(3000);
        const { master, replica } = await cluster.ownerOf(`{${prefix}}`);
        await cluster.waitForSync(replica);
        const killedAt = Date.now();
        await cluster.kill(master);
        await cluster.waitForMaster(replica);
        const promotedAt = Date.now();
        failovers.push({ killedAt, promotedAt });

        // The probes, started once the replica is the master: each needs its queue's worker to fetch.
        const holdExpiry = (async () => {
          const id = await hold(await quote(2 + round));
          return firstSuccess(promotedAt, async () => (await holdState(id)) === 'expired');
        })();
        // Check-in tomorrow: its pre-arrival follow-up is due at once.
        const booked = book(1);
        const webhook = booked.then(({ bookingId }) => firstSuccess(promotedAt, async () => webhooked().has(bookingId)));
        const followUp = booked.then(({ bookingId }) =>
          firstSuccess(promotedAt, async () => {
            const rows = await db.query(`SELECT count(*)::int AS n FROM follow_ups WHERE booking_id = $1 AND state = 'sent'`, [bookingId]);
            return rows[0].n > 0;
          }),
        );
        const oversell = book(10 + round).then(async ({ night }) => {
          // The hotel lowers the allotment below what is sold: only the sweep notices it.
          await db.query(`UPDATE inventory_nights SET allotment = 0 WHERE room_type_id = $1 AND night = $2::date`, [catalog.roomTypeId, night]);
          return firstSuccess(promotedAt, async () => {
            const rows = await db.query(`SELECT count(*)::int AS n FROM oversell_incidents WHERE room_type_id = $1 AND night = $2::date`, [
              catalog.roomTypeId,
              night,
            ]);
            return rows[0].n > 0;
          });
        });
        const [h, w, f, o] = await Promise.all([holdExpiry, webhook, followUp, oversell]);
        // Every queue's fetch loop of every worker process came back (one process covering a queue
        // another has stopped fetching would hide that process's stall from the probes above).
        await sleep(promotedAt + LOOPS_CHECKED_AFTER_MS - Date.now());
        const idle = await eventually(
          loopIdle,
          (perWorker) => perWorker.every((queues) => Object.values(queues).every((s) => s < LOOP_IDLE_MAX_S)),
          promotedAt + RESUME_MS - Date.now(),
          500,
        );
        const stalled = idle.flatMap((queues, i) =>
          Object.entries(queues)
            .filter(([, s]) => !(s < LOOP_IDLE_MAX_S))
            .map(([q, s]) => `worker ${i} ${q} idle ${s} s`),
        );
        const figures = { hold_expiry: h, outbox_and_webhook: w, follow_up: f, oversell_sweep: o, loops_stalled: stalled.length };
        rounds.push(
          `kill ${round + 1}: promoted in ${((promotedAt - killedAt) / 1000).toFixed(1)} s; first success after promotion (s): ${JSON.stringify(figures)}`,
        );
        const resumed = Object.values(figures).every((s) => s !== null) && stalled.length === 0;
        expect(resumed ? 'all resumed' : `stalled: ${rounds.at(-1)} ${stalled.join(', ')}\n${logs()}`).toBe('all resumed');

        // The killed node comes back as a replica of the promoted one, for the next kill.
        await cluster.restart(master);
        await cluster.waitUntilOk();
        await eventually(
          async () => (await cluster.ownerOf(`{${prefix}}`).catch(() => null))?.replica,
          (r) => r === master,
          30_000,
          200,
        );
      }
    } finally {
      loading = false;
    }
    await load;

    // Nothing of the load was lost: every booking's webhook arrives, every other hold expires.
    const lostWebhooks = await eventually(
      async () => loadBookings.filter((id) => !webhooked().has(id)),
      (ids) => ids.length === 0,
      RESUME_MS,
      500,
    );
    // Every other hold expires by its job, but for a job lost around a kill (LOST_JOB_BEFORE_KILL_MS):
    // that one is the backstop sweep's (docs/booking-chain.md "Expiry"), run here once in place of
    // its hourly run, and must have been created during a failover.
    type Stuck = { id: string; state: string; created_at: Date };
    const stuckQuery = `SELECT id, state, created_at FROM holds WHERE id = ANY($1) AND state IN ('held', 'converting')`;
    const leftToBackstop = await eventually(
      async () => (await db.query(stuckQuery, [loadHolds])) as Stuck[],
      (rows) => rows.length === 0,
      RESUME_MS,
      500,
    );
    const outsideFailovers = leftToBackstop.filter(
      (h) =>
        !failovers.some(
          (f) => h.created_at.getTime() >= f.killedAt - LOST_JOB_BEFORE_KILL_MS && h.created_at.getTime() <= f.promotedAt + LOST_JOB_AFTER_PROMOTION_MS,
        ),
    );
    await fixtures.app.get(RequestContext).runWithTrace(newTraceId(), () => fixtures.app.get(ExpireHold).sweep(500));
    const stuckHolds = (await db.query(stuckQuery, [loadHolds])) as Stuck[];

    // Every worker stops within 15 s of SIGTERM.
    const stops = await Promise.all(
      workers.map(async (w) => {
        const signalled = Date.now();
        w.child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const exit = await Promise.race([w.done, new Promise<null>((r) => (timer = setTimeout(() => r(null), 15_000)))]);
        clearTimeout(timer);
        return exit ? (Date.now() - signalled) / 1000 : null;
      }),
    );

    process.stderr.write(
      `redis-master-killed: ${rounds.join('; ')}; load ${loadBookings.length} bookings and ${loadHolds.length} holds, ` +
        `lost webhooks ${lostWebhooks.length}, holds left to the backstop ${JSON.stringify(leftToBackstop)}, stuck holds ${stuckHolds.length}; workers stopped in ${JSON.stringify(stops)} s\n` +
        workers
          .map((w, i) =>
            w.log
              .split('\n')
              .filter((l) => /fetch loop of|reconnecting it|still had|did not stop/i.test(l))
              .map((l) => `w${i} ${l.slice(0, 300)}`)
              .join('\n'),
          )
          .join('\n') +
        '\n',
    );
    expect(lostWebhooks).toEqual([]);
    expect(outsideFailovers).toEqual([]);
    expect(stuckHolds).toEqual([]);
    expect(stops.every((s) => s !== null) ? 'stopped' : `not stopped\n${logs()}`).toBe('stopped');
    // And stopped cleanly: no worker left a job or a fetch loop to its shutdown bound.
    const unclean = workers.filter((w) => /still had jobs running|did not stop within/.test(w.log));
    expect(unclean.length === 0 ? 'clean' : `unclean stop\n${logs()}`).toBe('clean');
  }, 240_000);
});
