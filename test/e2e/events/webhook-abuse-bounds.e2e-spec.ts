import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { eventually, freePort } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

const ENV = { WEBHOOK_MAX_ENDPOINTS_PER_TENANT: '4', WEBHOOK_REPLAY_PER_SECOND: '5', WEBHOOK_DISABLE_AFTER_HOURS: '72' };

/**
 * Webhook abuse bounds with the real worker (docs/events.md): endpoints per tenant, what admins
 * read about failed attempts, automatic disabling after failures spanning 72 h with its event,
 * and paced bulk replays.
 */
describe('webhook abuse bounds', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let db: DataSource;
  let tenantId: string;
  let adminKey: string;

  beforeAll(async () => {
    t = await startTestApp(ENV);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...ENV }));
    receiver = await new WebhookReceiver().start();
    db = t.app.get(DataSource);
    ({ tenantId, adminKey } = await createTenant(t.app));
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await t.close();
  });

  const admin = (key = adminKey) => ({ authorization: `Bearer ${key}` });
  const create = (url: string, events = ['booking.confirmed'], key = adminKey) => t.http().post('/v1/admin/webhooks').set(admin(key)).send({ url, events });
  /** One event of the tenant as a use case's outbox write makes it; `relayed` ones the relay leaves alone. */
  const commitEvent = async (tenant = tenantId, relayed = false): Promise<string> => {
    const id = randomUUID();
    const rows = (await db.query(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, relayed_at)
       VALUES ($1, 'booking.confirmed', 'booking', $2, $3, CASE WHEN $4 THEN now() END) RETURNING id`,
      [tenant, id, JSON.stringify({ booking_id: id }), relayed],
    )) as Array<{ id: string }>;
    return rows[0]!.id;
  };
  const deliveriesOf = async (id: string) => (await t.http().get(`/v1/admin/webhooks/${id}/deliveries`).set(admin())).body.data.items;

  it('says what happened to a failed attempt without the receiver body or raw error text', async () => {
    const other = await createTenant(t.app);
    receiver.answer('/leaky', { status: 500 }); // the receiver answers a body ("nope") admins must not read
    const leaky = await create(receiver.url('/leaky'), ['booking.confirmed'], other.adminKey);
    const closedPort = await freePort();
    const refused = await create(`http://127.0.0.1:${closedPort}/closed`, ['booking.confirmed'], other.adminKey);
    expect([leaky.status, refused.status]).toEqual([201, 201]);
    await commitEvent(other.tenantId);
    const attemptsOf = async (id: string) =>
      eventually(
        async () => (await t.http().get(`/v1/admin/webhooks/${id}/deliveries`).set(admin(other.adminKey))).body.data.items,
        // the list reads the delivery and its attempts one after the other: wait until both show the failure
        (items: Array<{ attempts: unknown[]; last_error: string | null }>) =>
          items.length === 1 && items[0]!.attempts.length >= 1 && items[0]!.last_error !== null,
        30_000,
        100,
      );
    const [l] = await attemptsOf(leaky.body.data.id);
    expect(l.attempts[0]).toMatchObject({ status: 500, error: 'HTTP 500 from the receiver' });
    expect(l.last_error).toBe('HTTP 500 from the receiver');
    expect(JSON.stringify(l)).not.toContain('nope');
    const [r] = await attemptsOf(refused.body.data.id);
    expect(r.attempts[0]).toMatchObject({ status: null, error: 'connection refused by the receiver' });
    expect(JSON.stringify(r)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it('disables an endpoint whose failures span WEBHOOK_DISABLE_AFTER_HOURS, announces it, and an admin enables it again', async () => {
    receiver.answer('/failing', { status: 503 });
    const failing = await create(receiver.url('/failing'));
    const watcher = await create(receiver.url('/watch'), ['webhook_endpoint.disabled']);
    expect([failing.status, watcher.status]).toEqual([201, 201]);
    const id = failing.body.data.id as string;

    // A first failure opens the failing run; the endpoint stays enabled.
    await commitEvent();
    const opened = await eventually(
      async () => (await t.http().get(`/v1/admin/webhooks/${id}`).set(admin())).body.data,
      (e: { failing_since: string | null; status: string }) => e.failing_since !== null,
      30_000,
      100,
    );
    expect(opened.status).toBe('enabled');

    // The run began 73 h ago: the next failure disables it.
    await db.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '73 hours' WHERE id = $1`, [id]);
    await commitEvent();
    const disabled = await eventually(
      async () => (await t.http().get(`/v1/admin/webhooks/${id}`).set(admin())).body.data,
      (e: { status: string }) => e.status === 'disabled',
      30_000,
      100,
    );
    expect(disabled).toMatchObject({
      status: 'disabled',
      disabled_reason: 'every attempt failed for 72 h without a success',
      auto_disabled_at: expect.any(String),
    });
    const announced = await eventually(
      async () => receiver.at('/watch'),
      (got) => got.length >= 1,
      30_000,
      100,
    );
    const event = verifyWebhook(watcher.body.data.secret, announced[0]!);
    expect(event).toMatchObject({
      type: 'webhook_endpoint.disabled',
      tenant_id: tenantId,
      data: { id, status: 'disabled', auto_disabled_at: expect.any(String) },
    });

    // Disabled: a new event makes no delivery to it.
    const before = (await deliveriesOf(id)).length;
    await commitEvent();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await deliveriesOf(id)).toHaveLength(before);

    const enabled = await t.http().patch(`/v1/admin/webhooks/${id}`).set(admin()).send({ status: 'enabled' });
    expect(enabled.body.data).toMatchObject({ status: 'enabled', failing_since: null, auto_disabled_at: null, disabled_reason: null });
  });

  it('paces a bulk replay at WEBHOOK_REPLAY_PER_SECOND', async () => {
    const paced = await create(receiver.url('/paced'));
    const endpointId = paced.body.data.id as string;
    const count = 6;
    for (let i = 0; i < count; i++) {
      const eventId = await commitEvent(tenantId, true);
      await db.query(
        `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, state, attempt, last_status) VALUES ($1, $2, $3, 'booking.confirmed', 'dead', 3, 500)`,
        [tenantId, endpointId, eventId],
      );
    }
    const already = receiver.at('/paced').length;
    const res = await t.http().post(`/v1/admin/webhooks/${endpointId}/deliveries/replay`).set(admin()).send({ state: 'dead' });
    expect(res.status).toBe(200);
    const items = res.body.data.items as Array<{ state: string; next_attempt_at: string }>;
    expect(items).toHaveLength(count);
    const due = items.map((d) => Date.parse(d.next_attempt_at)).sort((a, b) => a - b);
    expect(due[count - 1]! - due[0]!).toBeGreaterThanOrEqual(((count - 1) * 1000) / 5 - 20);
    const arrivals = await eventually(
      async () => receiver.at('/paced').slice(already),
      (got) => got.length >= count,
      30_000,
      50,
    );
    // Paced means none arrives before its turn; a busy worker may deliver each later than due.
    const arrived = arrivals.map((a) => a.at).sort((a, b) => a - b);
    arrived.forEach((at, k) => expect(at).toBeGreaterThanOrEqual(due[k]! - 100));
  });

  it('caps endpoints per tenant with webhook_endpoint_limit_reached (409)', async () => {
    const capped = await createTenant(t.app);
    for (let i = 0; i < 4; i++) expect((await create(receiver.url(`/cap-${i}`), ['booking.confirmed'], capped.adminKey)).status).toBe(201);
    const refused = await create(receiver.url('/cap-5'), ['booking.confirmed'], capped.adminKey);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'webhook_endpoint_limit_reached', detail: { limit: 4, count: 4 } });
    const listed = await t.http().get('/v1/admin/webhooks').set(admin(capped.adminKey));
    expect(listed.body.data.items).toHaveLength(4);
  });
});
