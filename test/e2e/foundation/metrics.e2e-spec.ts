import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTenant } from '../../support/factories';
import {
  bookStay,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { eventually, freePort, runNode } from '../../support/processes';
import { parseMetrics, sample } from '../../support/prometheus-text';
import { startTestApp, TestApp } from '../../support/test-app';
import { TEST_DATABASE_URL } from '../../support/test-database';

const OPERATIONS_DOC = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8');

describe('GET /metrics', () => {
  let t: TestApp;
  let adminKey: string;
  let agent: ChainAgent;
  let limited: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let tenantId: string;

  beforeAll(async () => {
    // A small per-credential budget so that one agent can hit the limit; the chain agent stays under it.
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '40' });
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    limited = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-metrics');
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.text, families: parseMetrics(res.text) };
  };

  it('moves the HTTP, chain, payment, replay and rate-limit counters after a booking chain', async () => {
    const before = (await scrape()).families;
    const booked = await bookStay(t, agent, catalog, traveler, { start: 12, nights: 2, key: 'metrics-book-1' });
    // The same Idempotency-Key again: a replay, not a second booking.
    const replay = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', 'metrics-book-1')
      .set(DELEGATION_HEADER, traveler)
      .send({
        hold_id: booked.holdId,
        quote_id: booked.quoteId,
        guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' } },
        payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'GB' },
      });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const cancel = await t.http().post(`/v1/admin/bookings/${booked.bookingId}/cancel`).set('authorization', `Bearer ${adminKey}`).send({});
    expect(cancel.status).toBe(200);
    const badQuote = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: '00000000-0000-4000-8000-000000000000',
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(12), check_out: daysFromToday(14) },
        guests: { adults: 1 },
      });
    expect(badQuote.status).toBe(404);
    let refused = 0;
    for (let i = 0; i < 45 && refused === 0; i++) {
      const res = await t.http().get(`/v1/properties/${catalog.propertyId}`).set('authorization', `Bearer ${limited.apiKey}`);
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(1);

    const after = (await scrape()).families;
    const moved = (family: string, labels: Record<string, string>) => sample(after, family, labels) - sample(before, family, labels);
    expect(moved('hcs_http_requests_total', { route: '/v1/quotes', method: 'POST', status: '201' })).toBe(1);
    expect(moved('hcs_http_requests_total', { route: '/v1/bookings', method: 'POST', status: '201' })).toBe(2);
    expect(moved('hcs_http_requests_total', { route: '/v1/properties/{id}', method: 'GET', status: '429' })).toBe(1);
    expect(moved('hcs_chain_outcomes_total', { step: 'quote', result: 'ok' })).toBe(1);
    expect(moved('hcs_chain_outcomes_total', { step: 'quote', result: badQuote.body.error.code })).toBe(1);
    expect(moved('hcs_chain_outcomes_total', { step: 'hold', result: 'ok' })).toBe(1);
    expect(moved('hcs_chain_outcomes_total', { step: 'booking', result: 'ok' })).toBe(1);
    expect(moved('hcs_chain_outcomes_total', { step: 'cancel', result: 'ok' })).toBe(1);
    expect(moved('hcs_payment_outcomes_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('hcs_idempotent_replays_total', { route: '/v1/bookings' })).toBe(1);
    expect(moved('hcs_rate_limit_refusals_total', { route: '/v1/properties/{id}' })).toBe(1);
    const latency = after.get('hcs_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    expect(Number(latency?.metrics[0].buckets?.['+Inf'])).toBeGreaterThan(0);
    expect(after.get('hcs_payment_provider_duration_seconds')?.type).toBe('HISTOGRAM');
  });

  /**
   * Holds one committed, unrelayed outbox row of this tenant locked until `release`: a relay claims
   * with `FOR UPDATE SKIP LOCKED`, so the row stays in the backlog even when a worker of another test
   * file relays the shared database. A relay may take a fresh row between its insert and the lock;
   * then the next one is tried.
   */
  const holdUnrelayedOutboxRow = async (): Promise<{ release: () => Promise<void> }> => {
    const writer = new Client({ connectionString: TEST_DATABASE_URL });
    const locker = new Client({ connectionString: TEST_DATABASE_URL });
    await Promise.all([writer.connect(), locker.connect()]);
    try {
      for (let attempt = 0; attempt < 50; attempt++) {
        const id = randomUUID();
        await writer.query(
          `INSERT INTO outbox_events (id, tenant_id, type, aggregate_type, aggregate_id, payload) VALUES ($1, $2, 'hold.released', 'hold', $3, '{}'::jsonb)`,
          [id, tenantId, randomUUID()],
        );
        await locker.query('BEGIN');
        const locked = await locker.query(`SELECT id FROM outbox_events WHERE tenant_id = $1 AND id = $2 AND relayed_at IS NULL FOR UPDATE`, [tenantId, id]);
        if (locked.rowCount === 1) {
          return {
            release: async () => {
              await locker.query(`DELETE FROM outbox_events WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
              await locker.query('COMMIT');
              await Promise.all([writer.end(), locker.end()]);
            },
          };
        }
        await locker.query('ROLLBACK');
      }
      throw new Error('a relay took every probe row before it could be locked');
    } catch (error) {
      await Promise.all([writer.end(), locker.end()]);
      throw error;
    }
  };

  it('reads queues, hold-expiry lag, outbox backlog and the pool at scrape time', async () => {
    const held = await holdUnrelayedOutboxRow();
    const { families } = await scrape().finally(() => held.release());
    for (const queue of ['hold-expiry', 'outbox-relay', 'webhook-delivery', 'oversell-sweep']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(families.get('hcs_queue_jobs')?.metrics.some((m) => m.labels?.queue === queue && m.labels?.state === state)).toBe(true);
      }
    }
    // At least the held row: unrelayed, committed, and locked away from any relay.
    expect(sample(families, 'hcs_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(sample(families, 'hcs_hold_expiry_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(families, 'hcs_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(families.has('hcs_db_pool_waiting_requests')).toBe(true);
    expect(families.has('process_cpu_user_seconds_total')).toBe(true);
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('documents every metric it exposes in docs/operations.md', async () => {
    const { families } = await scrape();
    const undocumented = [...families.keys()].filter((name) => !OPERATIONS_DOC.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('is bare text, not an API route, and not rate limited', async () => {
    const res = await t.http().get('/metrics');
    expect(res.text.startsWith('{')).toBe(false);
    const openapi = await t.http().get('/openapi.json');
    expect(Object.keys(openapi.body.paths)).not.toContain('/metrics');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });

  it('wants the bearer METRICS_TOKEN when one is set', async () => {
    const guarded = await startTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      expect((await guarded.http().get('/metrics')).status).toBe(401);
      expect((await guarded.http().get('/metrics').set('authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
      const ok = await guarded.http().get('/metrics').set('authorization', 'Bearer metrics-token-0123456789');
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('hcs_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});

describe('worker metrics on WORKER_METRICS_PORT', () => {
  it('serves its own registry (queues, pool, process), behind METRICS_TOKEN', async () => {
    const port = await freePort();
    const { child, done } = runNode('dist/apps/worker/src/main.js', [], { WORKER_METRICS_PORT: String(port), METRICS_TOKEN: 'worker-token-0123456789' });
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      const res = await eventually(
        () => fetch(url, { headers: { authorization: 'Bearer worker-token-0123456789' } }).catch(() => null),
        (r) => r !== null && r.status === 200,
        20000,
      );
      expect(res?.status).toBe(200);
      const families = parseMetrics(await (res as Response).text());
      expect(families.get('hcs_queue_jobs')?.metrics.some((m) => m.labels?.queue === 'hold-expiry')).toBe(true);
      expect(families.has('hcs_outbox_backlog')).toBe(true);
      expect(families.has('process_resident_memory_bytes')).toBe(true);
      expect((await fetch(url)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await done;
    }
  });
});
