import { Webhook } from 'standardwebhooks';

// The fakes are not transactional: the decorator is a no-op here (the real one is exercised by test/e2e/events).
jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

import { CreateWebhookEndpoint } from './create-webhook-endpoint.use-case';
import { EndpointHealth } from '../services/endpoint-health';
import { DeliverWebhook } from './deliver-webhook.use-case';
import { RelayOutbox } from './relay-outbox.use-case';
import { ReplayWebhookDelivery } from './replay-webhook-delivery.use-case';
import { RotateWebhookSecret } from './rotate-webhook-secret.use-case';
import { TestWebhookEndpoint } from './test-webhook-endpoint.use-case';
import { loadConfig, RequestContext, SecretBox } from '@hcs/platform';
import { NewOutboxEvent, OutboxWriter } from '../../booking/ports/outbox-writer';
import { AttemptResult, DeliveryListFilter, WebhookDeliveryRepository } from '../ports/webhook-delivery.repository';
import { ListPosition, NewWebhookEndpoint, WebhookEndpointPatch, WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { OutboxRelayStore } from '../ports/outbox-relay.store';
import { SendResult, SignedMessage, WebhookSender } from '../ports/webhook.sender';
import { WebhookDeliveryQueue } from '../ports/webhook-delivery.queue';
import type { DeliveryJobRef, OutboxEventRecord, SealedSecrets, WebhookDeliveryRecord, WebhookEndpointRecord } from '../webhook.types';

/** In-memory fakes of the webhook ports, for use-case specs (the real ones are covered by test/e2e/events). */
const config = loadConfig({
  WEBHOOK_RETRY_SCHEDULE: '10,60',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_MAX_ENDPOINTS_PER_TENANT: '3',
  WEBHOOK_DISABLE_AFTER_HOURS: '72',
  WEBHOOK_REPLAY_PER_SECOND: '4',
});
const box = new SecretBox(config);
let ids = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

class FakeEndpoints extends WebhookEndpointRepository {
  rows = new Map<string, WebhookEndpointRecord & { sealed: SealedSecrets }>();
  async create(e: NewWebhookEndpoint) {
    const now = new Date();
    const row = {
      id: e.id,
      tenantId: e.tenantId,
      url: e.url,
      events: e.events,
      description: e.description,
      status: 'enabled' as const,
      disabledReason: null,
      secretRotatedAt: null,
      previousSecretExpiresAt: null,
      failingSince: null as Date | null,
      autoDisabledAt: null as Date | null,
      createdAt: now,
      updatedAt: now,
      sealed: { current: e.sealedSecret, previous: null },
    };
    this.rows.set(row.id, row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    const row = this.rows.get(id);
    return row && row.tenantId === tenantId ? row : null;
  }
  async list(tenantId: string, _after: ListPosition | null, limit: number) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId).slice(0, limit);
  }
  async update(tenantId: string, id: string, p: WebhookEndpointPatch) {
    const row = await this.findById(tenantId, id);
    if (!row) return null;
    Object.assign(row, Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)));
    return row;
  }
  async delete(tenantId: string, id: string) {
    return (await this.findById(tenantId, id)) ? this.rows.delete(id) : false;
  }
  async rotateSecret(tenantId: string, id: string, sealedSecret: string) {
    const row = await this.findById(tenantId, id);
    if (!row) return null;
    row.sealed = { current: sealedSecret, previous: row.sealed.current };
    return row;
  }
  async sealedSecrets(tenantId: string, id: string) {
    return (await this.findById(tenantId, id))?.sealed ?? null;
  }
  async countForTenant(tenantId: string) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId).length;
  }
  async noteFailure(tenantId: string, id: string) {
    const row = await this.findById(tenantId, id);
    if (!row) return null;
    row.failingSince ??= new Date();
    return row.failingSince;
  }
  async noteSuccess(tenantId: string, id: string) {
    const row = await this.findById(tenantId, id);
    if (row) row.failingSince = null;
  }
  async disableAutomatically(tenantId: string, id: string, reason: string, failingBefore: Date | null) {
    const row = await this.findById(tenantId, id);
    if (!row || row.status !== 'enabled') return null;
    if (failingBefore && !(row.failingSince && row.failingSince <= failingBefore)) return null;
    Object.assign(row, { status: 'disabled', disabledReason: reason, autoDisabledAt: new Date() });
    return row;
  }
}

class FakeDeliveries extends WebhookDeliveryRepository {
  rows = new Map<string, WebhookDeliveryRecord>();
  endpoints?: FakeEndpoints;
  outbox?: FakeOutbox;
  add(d: Partial<WebhookDeliveryRecord> & Pick<WebhookDeliveryRecord, 'tenantId' | 'endpointId' | 'eventId'>): WebhookDeliveryRecord {
    const row: WebhookDeliveryRecord = {
      id: nextId(),
      eventType: 'booking.confirmed',
      state: 'pending',
      chain: 1,
      attempt: 0,
      nextAttemptAt: new Date(),
      lastStatus: null,
      lastError: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      attempts: [],
      ...d,
    };
    this.rows.set(row.id, row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    const row = this.rows.get(id);
    return row && row.tenantId === tenantId ? row : null;
  }
  async listForEndpoint(tenantId: string, endpointId: string, f: DeliveryListFilter) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId && r.endpointId === endpointId && (!f.state || r.state === f.state));
  }
  async restart(tenantId: string, id: string) {
    const row = await this.findById(tenantId, id);
    if (!row || !['failed', 'dead'].includes(row.state)) return null;
    Object.assign(row, { state: 'pending', chain: row.chain + 1, attempt: 0 });
    return row;
  }
  async restartAll(tenantId: string, endpointId: string, state: 'failed' | 'dead', perSecond: number) {
    const rows = (await this.listForEndpoint(tenantId, endpointId, { state, after: null, limit: 1000 })).map((r) => r.id);
    const now = Date.now();
    return Promise.all(
      rows.map(async (id, n) => {
        const row = (await this.restart(tenantId, id)) as WebhookDeliveryRecord;
        row.nextAttemptAt = new Date(now + (n * 1000) / perSecond);
        return row;
      }),
    );
  }
  async claim(ref: DeliveryJobRef) {
    const row = await this.findById(ref.tenantId, ref.deliveryId);
    if (!row || row.chain !== ref.chain) return null;
    const ok = (row.state === 'pending' && row.attempt === ref.attempt - 1) || (row.state === 'in_flight' && row.attempt === ref.attempt);
    if (!ok) return null;
    Object.assign(row, { state: 'in_flight', attempt: ref.attempt });
    const endpoint = this.endpoints?.rows.get(row.endpointId);
    return {
      endpointId: row.endpointId,
      endpoint: endpoint ? { url: endpoint.url, status: endpoint.status, sealed: endpoint.sealed, failingSince: endpoint.failingSince } : null,
      event: (await this.outbox?.findEvent(ref.tenantId, row.eventId)) ?? null,
    };
  }
  async finishAttempt(r: AttemptResult) {
    const row = await this.findById(r.ref.tenantId, r.ref.deliveryId);
    if (!row || row.state !== 'in_flight' || row.attempt !== r.ref.attempt || row.chain !== r.ref.chain) return false;
    Object.assign(row, { state: r.state, nextAttemptAt: r.nextAttemptAt, lastStatus: r.attempt.status, lastError: r.attempt.error });
    row.attempts.push({ chain: r.ref.chain, attempt: r.ref.attempt, ...r.attempt });
    return true;
  }
  async listStranded() {
    return [];
  }
}

class FakeOutbox extends OutboxRelayStore {
  events: Array<OutboxEventRecord & { relayed: boolean }> = [];
  constructor(
    private readonly endpoints: FakeEndpoints,
    private readonly deliveries: FakeDeliveries,
  ) {
    super();
  }
  add(tenantId: string, type: string, payload: Record<string, unknown> = {}): OutboxEventRecord {
    const e = { id: nextId(), tenantId, type, payload, sequence: 3, createdAt: new Date(), relayed: false };
    this.events.push(e);
    return e;
  }
  async claimBatch(limit: number) {
    const eventIds = this.events
      .filter((e) => !e.relayed)
      .slice(0, limit)
      .map((e) => e.id);
    for (const e of this.events.filter((x) => eventIds.includes(x.id))) {
      for (const ep of [...this.endpoints.rows.values()].filter((x) => x.tenantId === e.tenantId && x.status === 'enabled' && x.events.includes(e.type))) {
        if (![...this.deliveries.rows.values()].some((d) => d.eventId === e.id && d.endpointId === ep.id))
          this.deliveries.add({ tenantId: e.tenantId, endpointId: ep.id, eventId: e.id, eventType: e.type });
      }
    }
    const refs = [...this.deliveries.rows.values()]
      .filter((d) => eventIds.includes(d.eventId) && d.state === 'pending' && d.attempt === 0)
      .map((d) => ({ tenantId: d.tenantId, deliveryId: d.id, chain: d.chain, attempt: 1 }));
    const pending = new Set([...this.deliveries.rows.values()].filter((d) => refs.some((r) => r.deliveryId === d.id)).map((d) => d.eventId));
    const relayedIds = eventIds.filter((id) => !pending.has(id));
    this.events.filter((e) => relayedIds.includes(e.id)).forEach((e) => (e.relayed = true));
    return { eventIds, refs, relayedIds };
  }
  async markRelayed(eventIds: string[]) {
    this.events.filter((e) => eventIds.includes(e.id)).forEach((e) => (e.relayed = true));
  }
  async findEvent(tenantId: string, id: string) {
    return this.events.find((e) => e.id === id && e.tenantId === tenantId) ?? null;
  }
}

class FakeQueue extends WebhookDeliveryQueue {
  jobs = new Map<string, DeliveryJobRef>();
  down = false;
  async enqueue(refs: DeliveryJobRef[]) {
    if (this.down) throw new Error('queue down');
    for (const r of refs) if (!this.jobs.has(`${r.deliveryId}-${r.chain}-${r.attempt}`)) this.jobs.set(`${r.deliveryId}-${r.chain}-${r.attempt}`, r);
  }
}

class FakeOutboxWriter extends OutboxWriter {
  written: NewOutboxEvent[] = [];
  async append(event: NewOutboxEvent) {
    this.written.push(event);
  }
}

class FakeSender extends WebhookSender {
  sent: SignedMessage[] = [];
  answers: Array<SendResult> = [];
  async send(message: SignedMessage) {
    this.sent.push(message);
    return this.answers.shift() ?? { status: 204, durationMs: 3, error: null };
  }
}

const TENANT = '11111111-1111-4111-8111-111111111111';
const admin = { tenantId: TENANT, principalId: 'admin-1', kind: 'admin' as const };
const outsider = { tenantId: '22222222-2222-4222-8222-222222222222', principalId: 'admin-2', kind: 'admin' as const };
const agent = { tenantId: TENANT, principalId: 'agent-1', kind: 'agent' as const };

function world() {
  const endpoints = new FakeEndpoints();
  const deliveries = new FakeDeliveries();
  const outbox = new FakeOutbox(endpoints, deliveries);
  Object.assign(deliveries, { endpoints, outbox });
  const queue = new FakeQueue();
  const sender = new FakeSender();
  const written = new FakeOutboxWriter();
  const context = { traceId: 'trace-1' } as RequestContext;
  const health = new EndpointHealth(endpoints, written, context, config);
  return {
    written,
    endpoints,
    deliveries,
    outbox,
    queue,
    sender,
    create: new CreateWebhookEndpoint(endpoints, box, config),
    relay: new RelayOutbox(outbox, queue, deliveries),
    deliver: new DeliverWebhook(deliveries, endpoints, sender, queue, box, config, health),
    replay: new ReplayWebhookDelivery(deliveries, endpoints, queue, config),
    rotate: new RotateWebhookSecret(endpoints, box),
    ping: new TestWebhookEndpoint(endpoints, sender, box),
  };
}

async function relayedDelivery(w: ReturnType<typeof world>) {
  const created = await w.create.execute({ url: 'http://127.0.0.1:9/hook', events: ['booking.confirmed'] }, admin);
  const { secret, ...endpoint } = created.data as { id: string; secret: string };
  const event = w.outbox.add(TENANT, 'booking.confirmed', { booking_id: 'b1' });
  await w.relay.relayBatch();
  const ref = [...w.queue.jobs.values()][0];
  return { endpoint, secret, event, ref };
}

describe('RelayOutbox', () => {
  it('creates one delivery per subscribed endpoint, enqueues it once, and marks the event relayed', async () => {
    const w = world();
    await w.create.execute({ url: 'http://127.0.0.1:9/a', events: ['booking.confirmed'] }, admin);
    await w.create.execute({ url: 'http://127.0.0.1:9/b', events: ['hold.expired'] }, admin);
    await w.create.execute({ url: 'http://127.0.0.1:9/c', events: ['booking.confirmed'] }, outsider);
    w.outbox.add(TENANT, 'booking.confirmed');
    expect(await w.relay.relayBatch()).toBe(1);
    expect(w.deliveries.rows.size).toBe(1);
    expect(w.queue.jobs.size).toBe(1);
    expect(w.outbox.events[0].relayed).toBe(true);
    expect(await w.relay.relayBatch()).toBe(0);
  });

  it('relays an event nobody subscribes to with the claim alone: nothing to enqueue, no second statement', async () => {
    const w = world();
    w.outbox.add(TENANT, 'booking.confirmed');
    const marked = jest.spyOn(w.outbox, 'markRelayed');
    expect(await w.relay.relayBatch()).toBe(1);
    expect(w.outbox.events[0].relayed).toBe(true);
    expect(marked).not.toHaveBeenCalled();
    expect(w.queue.jobs.size).toBe(0);
  });

  it('leaves the event unrelayed when the queue is down, and a later relay enqueues nothing twice', async () => {
    const w = world();
    await w.create.execute({ url: 'http://127.0.0.1:9/a', events: ['booking.confirmed'] }, admin);
    w.outbox.add(TENANT, 'booking.confirmed');
    w.queue.down = true;
    await expect(w.relay.relayBatch()).rejects.toThrow('queue down');
    expect(w.outbox.events[0].relayed).toBe(false);
    w.queue.down = false;
    await w.relay.drain();
    await w.relay.drain();
    expect(w.outbox.events[0].relayed).toBe(true);
    expect(w.deliveries.rows.size).toBe(1);
    expect(w.queue.jobs.size).toBe(1);
  });
});

describe('DeliverWebhook', () => {
  it('signs the event envelope with the endpoint secret and webhook-id = event id', async () => {
    const w = world();
    const { secret, event, ref } = await relayedDelivery(w);
    expect(await w.deliver.execute(ref)).toBe('succeeded');
    const sent = w.sender.sent[0];
    expect(sent.webhookId).toBe(event.id);
    expect(JSON.parse(sent.body)).toEqual({
      id: event.id,
      type: 'booking.confirmed',
      created_at: event.createdAt.toISOString(),
      tenant_id: TENANT,
      sequence: 3,
      data: { booking_id: 'b1' },
    });
    expect(sent.secrets).toEqual([secret]);
    const signature = new Webhook(secret).sign(sent.webhookId, new Date(), sent.body);
    expect(
      new Webhook(secret).verify(sent.body, {
        'webhook-id': sent.webhookId,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signature,
      }),
    ).toBeTruthy();
    expect(await w.deliver.execute(ref)).toBe('stale');
  });

  it('retries on the schedule, then dead; a replay starts a new chain', async () => {
    const w = world();
    const { ref } = await relayedDelivery(w);
    w.sender.answers = [
      { status: 500, durationMs: 1, error: 'boom' },
      { status: 429, durationMs: 1, error: 'slow down' },
      { status: null, durationMs: 1, error: 'timed out after 10000 ms' },
    ];
    const before = Date.now();
    expect(await w.deliver.execute(ref)).toBe('pending');
    const delivery = w.deliveries.rows.get(ref.deliveryId)!;
    const delay = delivery.nextAttemptAt!.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(9000);
    expect(delay).toBeLessThanOrEqual(11100);
    expect(w.queue.jobs.has(`${ref.deliveryId}-1-2`)).toBe(true);
    expect(await w.deliver.execute({ ...ref, attempt: 2 })).toBe('pending');
    expect(await w.deliver.execute({ ...ref, attempt: 3 })).toBe('dead');
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 429, null]);

    const replayed = await w.replay.execute({ deliveryId: ref.deliveryId }, admin);
    expect(replayed.data).toMatchObject({ id: ref.deliveryId, state: 'pending' });
    expect(replayed.meta.next_actions).toEqual([{ rel: 'get', method: 'GET', href: `/v1/admin/webhooks/${delivery.endpointId}/deliveries` }]);
    expect(w.deliveries.rows.get(ref.deliveryId)).toMatchObject({ state: 'pending', chain: 2, attempt: 0 });
    expect(w.queue.jobs.has(`${ref.deliveryId}-2-1`)).toBe(true);
    expect(await w.deliver.execute({ ...ref, chain: 2, attempt: 1 })).toBe('succeeded');
    expect(w.sender.sent.map((s) => s.webhookId)).toEqual(Array(4).fill(w.sender.sent[0].webhookId));
  });

  it('4xx is final; 410 also disables the endpoint', async () => {
    const w = world();
    const { endpoint, ref } = await relayedDelivery(w);
    w.sender.answers = [{ status: 410, durationMs: 1, error: 'gone' }];
    expect(await w.deliver.execute(ref)).toBe('failed');
    expect(w.endpoints.rows.get(endpoint.id)).toMatchObject({ status: 'disabled', disabledReason: 'the receiver answered 410 Gone' });
    expect(w.queue.jobs.size).toBe(1);
  });

  it('a delivery in flight (a worker died) is claimed again at the same attempt', async () => {
    const w = world();
    const { ref } = await relayedDelivery(w);
    await w.deliveries.claim(ref);
    expect(await w.deliver.execute(ref)).toBe('succeeded');
  });

  it('signs with both secrets after a rotation', async () => {
    const w = world();
    const { endpoint, secret, ref } = await relayedDelivery(w);
    const { secret: next } = (await w.rotate.execute({ endpointId: endpoint.id }, admin)).data as { secret: string };
    await w.deliver.execute(ref);
    expect(w.sender.sent[0].secrets).toEqual([next, secret]);
  });
});

describe('access and replay rules', () => {
  it('refuses agents and answers not_found across tenants', async () => {
    const w = world();
    const { endpoint, ref } = await relayedDelivery(w);
    await expect(w.create.execute({ url: 'http://127.0.0.1:9/x', events: ['booking.confirmed'] }, agent)).rejects.toMatchObject({
      code: 'principal_kind_not_allowed',
    });
    await expect(w.rotate.execute({ endpointId: endpoint.id }, outsider)).rejects.toMatchObject({ code: 'webhook_endpoint_not_found' });
    await expect(w.replay.execute({ deliveryId: ref.deliveryId }, outsider)).rejects.toMatchObject({ code: 'webhook_delivery_not_found' });
    await expect(w.replay.executeAll({ endpointId: endpoint.id, state: 'dead' }, outsider)).rejects.toMatchObject({ code: 'webhook_endpoint_not_found' });
  });

  it('a pending or in-flight delivery is not replayable', async () => {
    const w = world();
    const { ref } = await relayedDelivery(w);
    await expect(w.replay.execute({ deliveryId: ref.deliveryId }, admin)).rejects.toMatchObject({
      code: 'webhook_delivery_not_replayable',
      detail: { state: 'pending' },
    });
    await w.deliveries.claim(ref);
    await expect(w.replay.execute({ deliveryId: ref.deliveryId }, admin)).rejects.toMatchObject({
      code: 'webhook_delivery_not_replayable',
      detail: { state: 'in_flight' },
    });
  });

  it('validates events against the subscribable list, all at once', async () => {
    const w = world();
    await expect(w.create.execute({ url: 'ftp://x', events: ['booking.confirmed', 'nope'] }, admin)).rejects.toMatchObject({
      code: 'validation_failed',
      detail: { field_errors: [{ path: 'url' }, { path: 'events[1]' }] },
    });
    expect(w.endpoints.rows.size).toBe(0);
  });

  it('a failing test ping is notification_delivery_failed with the status', async () => {
    const w = world();
    const endpoint = (await w.create.execute({ url: 'http://127.0.0.1:9/x', events: ['booking.confirmed'] }, admin)).data as { id: string };
    w.sender.answers = [{ status: 503, durationMs: 2, error: 'receiver answered 503' }];
    await expect(w.ping.execute({ endpointId: endpoint.id }, admin)).rejects.toMatchObject({ code: 'notification_delivery_failed', detail: { status: 503 } });
    await expect(w.ping.execute({ endpointId: endpoint.id }, admin)).resolves.toMatchObject({ data: { status: 204 } });
  });
});

describe('abuse bounds (docs/events.md "Fairness between tenants", "Automatic disabling")', () => {
  it('caps endpoints per tenant with webhook_endpoint_limit_reached; another tenant is not counted', async () => {
    const w = world();
    for (let i = 0; i < 3; i++) await w.create.execute({ url: `http://127.0.0.1:9/${i}`, events: ['booking.confirmed'] }, admin);
    await expect(w.create.execute({ url: 'http://127.0.0.1:9/4', events: ['booking.confirmed'] }, admin)).rejects.toMatchObject({
      code: 'webhook_endpoint_limit_reached',
      detail: { limit: 3, count: 3 },
    });
    expect(w.endpoints.rows.size).toBe(3);
    await expect(w.create.execute({ url: 'http://127.0.0.1:9/o', events: ['booking.confirmed'] }, outsider)).resolves.toBeDefined();
  });

  it('opens a failing run on the first failure, closes it on success, and disables with an event once it spans the limit', async () => {
    const w = world();
    const { endpoint, ref } = await relayedDelivery(w);
    const row = w.endpoints.rows.get(endpoint.id)!;
    w.sender.answers = [{ status: 500, durationMs: 1, error: 'HTTP 500 from the receiver' }];
    await w.deliver.execute(ref);
    expect(row.failingSince).toBeInstanceOf(Date);
    expect(row.status).toBe('enabled');
    await w.deliver.execute({ ...ref, attempt: 2 }); // succeeds
    expect(row.failingSince).toBeNull();

    // A run that began 72 h ago: the next failure disables and announces it.
    const e2 = w.outbox.add(TENANT, 'booking.confirmed', { booking_id: 'b2' });
    await w.relay.relayBatch();
    const ref2 = [...w.queue.jobs.values()].find((j) => w.deliveries.rows.get(j.deliveryId)?.eventId === e2.id)!;
    row.failingSince = new Date(Date.now() - 72 * 3_600_000 - 1000);
    w.sender.answers = [{ status: null, durationMs: 1, error: 'connection refused by the receiver' }];
    expect(await w.deliver.execute(ref2)).toBe('pending');
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'every attempt failed for 72 h without a success', autoDisabledAt: expect.any(Date) });
    expect(w.written.written).toEqual([
      expect.objectContaining({ tenantId: TENANT, type: 'webhook_endpoint.disabled', aggregateType: 'webhook_endpoint', aggregateId: endpoint.id }),
    ]);
    expect(w.written.written[0].payload).toMatchObject({ id: endpoint.id, status: 'disabled', auto_disabled_at: expect.any(String) });
  });

  it('a run shorter than the limit does not disable; 410 disables at once with the event', async () => {
    const w = world();
    const { endpoint, ref } = await relayedDelivery(w);
    const row = w.endpoints.rows.get(endpoint.id)!;
    row.failingSince = new Date(Date.now() - 71 * 3_600_000);
    w.sender.answers = [{ status: 503, durationMs: 1, error: 'HTTP 503 from the receiver' }];
    await w.deliver.execute(ref);
    expect(row.status).toBe('enabled');
    w.sender.answers = [{ status: 410, durationMs: 1, error: 'HTTP 410 from the receiver' }];
    await w.deliver.execute({ ...ref, attempt: 2 });
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'the receiver answered 410 Gone' });
    expect(w.written.written.map((e) => e.type)).toEqual(['webhook_endpoint.disabled']);
  });

  it('paces a bulk replay: the n-th delivery is due n / WEBHOOK_REPLAY_PER_SECOND seconds later', async () => {
    const w = world();
    const endpoint = (await w.create.execute({ url: 'http://127.0.0.1:9/r', events: ['booking.confirmed'] }, admin)).data as { id: string };
    for (let i = 0; i < 8; i++) w.deliveries.add({ tenantId: TENANT, endpointId: endpoint.id, eventId: `e${i}`, state: 'dead' });
    const before = Date.now();
    const replayed = await w.replay.executeAll({ endpointId: endpoint.id, state: 'dead' }, admin);
    expect((replayed.data as { items: unknown[] }).items).toHaveLength(8);
    const jobs = [...w.queue.jobs.values()];
    expect(jobs).toHaveLength(8);
    const offsets = jobs.map((j) => j.at!.getTime() - before).sort((a, b) => a - b);
    expect(offsets[7]! - offsets[0]!).toBeGreaterThanOrEqual(1_700); // 7 steps of 250 ms
    expect(offsets[0]).toBeLessThan(100);
  });
});
