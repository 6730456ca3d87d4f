import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, DELEGATION_HEADER, travelerDelegation } from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

/** Webhooks end to end: the api writes events, the worker relays and delivers them to a real loopback receiver. */
describe('webhooks', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let adminKey: string;
  let tenantId: string;
  let otherAdminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let day = 20;

  beforeAll(async () => {
    t = await startTestApp();
    worker = await createWorkerApp(loadConfig(process.env));
    receiver = await new WebhookReceiver().start();
    const tenant = await createTenant(t.app);
    adminKey = tenant.adminKey;
    tenantId = tenant.tenantId;
    otherAdminKey = (await createTenant(t.app)).adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 50 });
    traveler = await travelerDelegation(t.app, tenantId, 'traveler-w');
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await t.close();
  });

  const admin = (key = adminKey) => ({ authorization: `Bearer ${key}` });
  const createEndpoint = async (path: string, events = ['booking.confirmed']) => {
    const res = await t
      .http()
      .post('/v1/admin/webhooks')
      .set(admin())
      .send({ url: receiver.url(path), events, description: path });
    expect(res.status).toBe(201);
    return { id: res.body.data.id as string, secret: res.body.data.secret as string };
  };
  const disable = (id: string) => t.http().patch(`/v1/admin/webhooks/${id}`).set(admin()).send({ status: 'disabled' });
  const book = async () => bookStay(t, agent, catalog, traveler, { start: (day += 3), nights: 1, planId: catalog.freePlanId, adults: 1 });
  const deliveriesOf = async (id: string, query = '') => (await t.http().get(`/v1/admin/webhooks/${id}/deliveries${query}`).set(admin())).body.data;
  // Generous: on a loaded machine another spec's worker may relay an event and stop before
  // delivering it; the catch-up then re-enqueues it after 15-20 s (docs/events.md "Relay").
  const settled = async (id: string, state: string, count = 1) => {
    const d = await eventually(
      () => deliveriesOf(id),
      (x) => x.items.length >= count && x.items.every((y: { state: string }) => y.state === state),
      45_000,
      100,
    );
    expect(d.items.map((x: { state: string }) => x.state)).toEqual(Array(d.items.length).fill(state));
    expect(d.items.length).toBeGreaterThanOrEqual(count);
    return d;
  };

  describe('endpoints', () => {
    it('creates with a whsec_ secret shown once, then lists and reads without it', async () => {
      const res = await t
        .http()
        .post('/v1/admin/webhooks')
        .set(admin())
        .send({ url: receiver.url('/crud'), events: ['booking.confirmed', 'hold.expired'], description: 'partner A' });
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      expect(res.body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: receiver.url('/crud'),
        events: ['booking.confirmed', 'hold.expired'],
        description: 'partner A',
        status: 'enabled',
        disabled_reason: null,
        secret_rotated_at: null,
        previous_secret_expires_at: null,
        failing_since: null,
        auto_disabled_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      expect(res.body.next_actions).toEqual([{ rel: 'get', method: 'GET', href: `/v1/admin/webhooks/${id}` }]);
      const stored = await t.app.get(DataSource).query(`SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1`, [id]);
      expect(stored[0].secret_ciphertext).not.toContain(res.body.data.secret.slice(6));

      const read = await t.http().get(`/v1/admin/webhooks/${id}`).set(admin());
      expect(read.status).toBe(200);
      const { secret: _secret, ...withoutSecret } = res.body.data;
      expect(read.body.data).toEqual(withoutSecret);

      const second = await createEndpoint('/crud-2');
      const page1 = await t.http().get('/v1/admin/webhooks?limit=1').set(admin());
      expect(page1.body.data.items).toHaveLength(1);
      expect(page1.body.data.items[0]).not.toHaveProperty('secret');
      const page2 = await t.http().get(`/v1/admin/webhooks?limit=1&cursor=${page1.body.data.next_cursor}`).set(admin());
      expect(page2.body.data.items.map((e: { id: string }) => e.id)).not.toContain(page1.body.data.items[0].id);
      expect([...page1.body.data.items, ...page2.body.data.items].map((e: { id: string }) => e.id).sort()).toEqual([id, second.id].sort());
      expect(page2.body.data.next_cursor).toBeNull();
      const badCursor = await t.http().get('/v1/admin/webhooks?cursor=nope').set(admin());
      expect(badCursor.body.error.detail.field_errors[0].path).toBe('cursor');
      await disable(second.id);

      const patched = await t
        .http()
        .patch(`/v1/admin/webhooks/${id}`)
        .set(admin())
        .send({ events: ['booking.cancelled'], description: null, status: 'disabled' });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({
        events: ['booking.cancelled'],
        description: null,
        status: 'disabled',
        disabled_reason: 'disabled by an admin',
      });
      const enabled = await t.http().patch(`/v1/admin/webhooks/${id}`).set(admin()).send({ status: 'enabled' });
      expect(enabled.body.data).toMatchObject({ status: 'enabled', disabled_reason: null });

      const deleted = await t.http().delete(`/v1/admin/webhooks/${id}`).set(admin());
      expect(deleted.status).toBe(200);
      expect((await t.http().get(`/v1/admin/webhooks/${id}`).set(admin())).body.error.code).toBe('webhook_endpoint_not_found');
    });

    it('validates url and every event type at once, writing nothing', async () => {
      const res = await t
        .http()
        .post('/v1/admin/webhooks')
        .set(admin())
        .send({ url: 'ftp://example.com/x', events: ['booking.confirmed', 'booking.exploded', 'booking.confirmed'] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual(['events[1]', 'events[2]', 'url']);
      const empty = await t
        .http()
        .post('/v1/admin/webhooks')
        .set(admin())
        .send({ url: receiver.url('/x'), events: [] });
      expect(empty.body.error.detail.field_errors).toEqual([{ path: 'events', message: expect.any(String) }]);
    });

    it("answers webhook_endpoint_not_found for another tenant's endpoint and refuses agents", async () => {
      const { id } = await createEndpoint('/mine');
      await disable(id);
      for (const req of [
        t.http().get(`/v1/admin/webhooks/${id}`),
        t.http().patch(`/v1/admin/webhooks/${id}`).send({ description: 'x' }),
        t.http().delete(`/v1/admin/webhooks/${id}`),
        t.http().post(`/v1/admin/webhooks/${id}/rotate-secret`),
        t.http().post(`/v1/admin/webhooks/${id}/test`),
        t.http().get(`/v1/admin/webhooks/${id}/deliveries`),
        t.http().post(`/v1/admin/webhooks/${id}/deliveries/replay`).send({ state: 'dead' }),
      ]) {
        const res = await req.set(admin(otherAdminKey));
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('webhook_endpoint_not_found');
      }
      const asAgent = await t
        .http()
        .get('/v1/admin/webhooks')
        .set({ authorization: `Bearer ${agent.apiKey}` });
      expect(asAgent.status).toBe(403);
      const unknownDelivery = await t.http().post(`/v1/admin/webhook-deliveries/${id}/replay`).set(admin());
      expect(unknownDelivery.body.error.code).toBe('webhook_delivery_not_found');
    });

    it('test ping: a 2xx receiver passes; a failing one is notification_delivery_failed with its status', async () => {
      const ok = await createEndpoint('/ping-ok');
      const res = await t.http().post(`/v1/admin/webhooks/${ok.id}/test`).set(admin());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ webhook_id: ok.id, event_id: expect.any(String), status: 204, duration_ms: expect.any(Number) });
      const ping = receiver.at('/ping-ok')[0];
      expect(verifyWebhook(ok.secret, ping)).toMatchObject({ type: 'webhook.test', data: { webhook_id: ok.id } });

      receiver.answer('/ping-bad', { status: 503 });
      const bad = await createEndpoint('/ping-bad');
      const failed = await t.http().post(`/v1/admin/webhooks/${bad.id}/test`).set(admin());
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({ code: 'notification_delivery_failed', detail: { webhook_id: bad.id, status: 503 } });
      await disable(ok.id);
      await disable(bad.id);
    });
  });

  describe('deliveries', () => {
    it('delivers booking.confirmed signed per Standard Webhooks with the booking as GET returns it and its audit seq', async () => {
      const ep = await createEndpoint('/confirmed');
      const b = await book();
      await settled(ep.id, 'succeeded');
      const got = receiver.at('/confirmed');
      expect(got).toHaveLength(1);
      const event = verifyWebhook(ep.secret, got[0]);
      const booking = await t
        .http()
        .get(`/v1/bookings/${b.bookingId}`)
        .set({ authorization: `Bearer ${agent.apiKey}` });
      const audit = await t
        .http()
        .get(`/v1/bookings/${b.bookingId}/audit`)
        .set({ authorization: `Bearer ${agent.apiKey}` });
      const seq = audit.body.data.items.find((e: { type: string }) => e.type === 'booking.confirmed').seq;
      expect(event).toEqual({
        id: got[0].headers['webhook-id'],
        type: 'booking.confirmed',
        created_at: expect.any(String),
        tenant_id: tenantId,
        sequence: seq,
        data: booking.body.data,
      });
      const delivery = (await deliveriesOf(ep.id)).items[0];
      expect(delivery).toEqual({
        id: expect.any(String),
        endpoint_id: ep.id,
        event_id: event.id,
        event_type: 'booking.confirmed',
        state: 'succeeded',
        next_attempt_at: null,
        last_status: 204,
        last_error: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        attempts: [{ chain: 1, attempt: 1, at: expect.any(String), status: 204, duration_ms: expect.any(Number), error: null }],
      });
      const replay = await t.http().post(`/v1/admin/webhook-deliveries/${delivery.id}/replay`).set(admin());
      expect(replay.status).toBe(409);
      expect(replay.body.error).toMatchObject({ code: 'webhook_delivery_not_replayable', detail: { state: 'succeeded' } });
      await disable(ep.id);
    });

    it('delivers booking.cancelled with the cancelled booking (refund included)', async () => {
      const ep = await createEndpoint('/cancelled', ['booking.cancelled', 'refund.issued']);
      const b = await book();
      const cancel = await t
        .http()
        .post(`/v1/bookings/${b.bookingId}/cancel`)
        .set({ authorization: `Bearer ${agent.apiKey}`, [DELEGATION_HEADER]: traveler })
        .send({});
      expect(cancel.status).toBe(200);
      await settled(ep.id, 'succeeded', 2);
      const events = receiver.at('/cancelled').map((r) => verifyWebhook(ep.secret, r));
      const cancelled = events.find((e) => e.type === 'booking.cancelled');
      expect(cancelled?.data).toEqual(cancel.body.data);
      const refund = events.find((e) => e.type === 'refund.issued');
      const refundRead = await t
        .http()
        .get(`/v1/refunds/${cancel.body.data.cancellation.refund_id}`)
        .set({ authorization: `Bearer ${agent.apiKey}` });
      expect(refund?.data).toEqual(refundRead.body.data);
      expect(Number(refund?.sequence)).toBeGreaterThan(Number(cancelled?.sequence) - 1);
      await disable(ep.id);
    });

    it('retries on the schedule, ends dead, and a replay after the fix delivers with the same webhook-id', async () => {
      receiver.answer('/flaky', { status: 500 });
      const ep = await createEndpoint('/flaky');
      await book();
      const dead = await settled(ep.id, 'dead');
      const attempts = receiver.at('/flaky');
      expect(attempts).toHaveLength(3); // the first try and one retry per schedule entry (1 s, 2 s)
      const gaps = [attempts[1].at - attempts[0].at, attempts[2].at - attempts[1].at];
      expect(gaps[0]).toBeGreaterThanOrEqual(900);
      expect(gaps[0]).toBeLessThan(1900);
      expect(gaps[1]).toBeGreaterThanOrEqual(1800);
      expect(gaps[1]).toBeLessThan(3000);
      expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
      const delivery = dead.items[0];
      expect(delivery.attempts.map((a: { attempt: number; status: number }) => [a.attempt, a.status])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
      ]);
      expect(delivery.last_error).toMatch(/500/);
      expect((await deliveriesOf(ep.id, '?state=dead')).items).toHaveLength(1);
      expect((await deliveriesOf(ep.id, '?state=succeeded')).items).toHaveLength(0);

      receiver.answer('/flaky', { status: 200 });
      const replay = await t.http().post(`/v1/admin/webhook-deliveries/${delivery.id}/replay`).set(admin());
      expect(replay.status).toBe(200);
      expect(replay.body.data).toMatchObject({ id: delivery.id, state: 'pending' });
      const done = await settled(ep.id, 'succeeded');
      expect(done.items[0].attempts.map((a: { chain: number; attempt: number; status: number }) => [a.chain, a.attempt, a.status])).toEqual([
        [1, 1, 500],
        [1, 2, 500],
        [1, 3, 500],
        [2, 1, 200],
      ]);
      const last = receiver.at('/flaky')[3];
      expect(last.headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
      expect(verifyWebhook(ep.secret, last).id).toBe(attempts[0].headers['webhook-id']);
      await disable(ep.id);
    });

    it('replays the dead letter of an endpoint in bulk', async () => {
      receiver.answer('/bulk', { status: 503 });
      const ep = await createEndpoint('/bulk');
      await book();
      await book();
      await settled(ep.id, 'dead', 2);
      receiver.answer('/bulk', { status: 200 });
      const res = await t.http().post(`/v1/admin/webhooks/${ep.id}/deliveries/replay`).set(admin()).send({ state: 'dead' });
      expect(res.status).toBe(200);
      expect(res.body.data.items).toHaveLength(2);
      await settled(ep.id, 'succeeded', 2);
      const bad = await t.http().post(`/v1/admin/webhooks/${ep.id}/deliveries/replay`).set(admin()).send({ state: 'pending' });
      expect(bad.body.error.detail.field_errors[0].path).toBe('state');
      await disable(ep.id);
    });

    it('a final 4xx fails at once; 410 also disables the endpoint', async () => {
      receiver.answer('/bad-request', { status: 400 });
      receiver.answer('/gone', { status: 410 });
      const bad = await createEndpoint('/bad-request');
      const gone = await createEndpoint('/gone');
      await book();
      await settled(bad.id, 'failed');
      await settled(gone.id, 'failed');
      expect(receiver.at('/bad-request')).toHaveLength(1);
      expect(receiver.at('/gone')).toHaveLength(1);
      expect((await t.http().get(`/v1/admin/webhooks/${bad.id}`).set(admin())).body.data.status).toBe('enabled');
      expect((await t.http().get(`/v1/admin/webhooks/${gone.id}`).set(admin())).body.data).toMatchObject({
        status: 'disabled',
        disabled_reason: 'the receiver answered 410 Gone',
      });
      await book();
      await new Promise((r) => setTimeout(r, 1500));
      expect((await deliveriesOf(gone.id)).items).toHaveLength(1);
      await disable(bad.id);
    });

    it('refuses to replay a delivery in flight', async () => {
      receiver.answer('/slow', { status: 200, delayMs: 2500 });
      const ep = await createEndpoint('/slow');
      await book();
      const inFlight = await eventually(
        () => deliveriesOf(ep.id),
        (d) => d.items[0]?.state === 'in_flight',
        10_000,
        50,
      );
      const res = await t.http().post(`/v1/admin/webhook-deliveries/${inFlight.items[0].id}/replay`).set(admin());
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'webhook_delivery_not_replayable', detail: { state: 'in_flight' } });
      await settled(ep.id, 'succeeded');
      await disable(ep.id);
    });

    it('signs with both secrets for 24 h after a rotation', async () => {
      const ep = await createEndpoint('/rotate');
      const rotated = await t.http().post(`/v1/admin/webhooks/${ep.id}/rotate-secret`).set(admin());
      expect(rotated.status).toBe(200);
      const next = rotated.body.data.secret as string;
      expect(next).toMatch(/^whsec_/);
      expect(next).not.toBe(ep.secret);
      const overlapHours = (Date.parse(rotated.body.data.previous_secret_expires_at) - Date.parse(rotated.body.data.secret_rotated_at)) / 3_600_000;
      expect(Math.round(overlapHours)).toBe(24);
      await book();
      await settled(ep.id, 'succeeded');
      const got = receiver.at('/rotate')[0];
      expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyWebhook(ep.secret, got).type).toBe('booking.confirmed');
      expect(verifyWebhook(next, got).type).toBe('booking.confirmed');
      expect(() => verifyWebhook('whsec_' + Buffer.alloc(32, 7).toString('base64'), got)).toThrow();
      await disable(ep.id);
    });
  });
});

describe('webhook receivers outside WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let adminKey: string;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    adminKey = (await createTenant(t.app)).adminKey;
  });
  afterAll(() => t.close());

  it.each([
    'http://93.184.216.34/hook',
    'https://127.0.0.1/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://169.254.169.254/',
    'https://localhost/hook',
    'https://10.0.0.1/x',
  ])('refuses %s as validation_failed on url', async (url) => {
    const res = await t
      .http()
      .post('/v1/admin/webhooks')
      .set({ authorization: `Bearer ${adminKey}` })
      .send({ url, events: ['booking.confirmed'] });
    expect(res.status).toBe(400);
    expect(res.body.error.detail.field_errors).toEqual([{ path: 'url', message: expect.any(String) }]);
  });
});
