import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  bookStay,
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { agentFollowUps, followUpClient } from '../../support/follow-up-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

const ENV = {
  FOLLOW_UP_MAX_PER_BOOKING_PER_DAY: '3',
  FOLLOW_UP_MAX_PER_TENANT_PER_DAY: '5',
  FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '1',
  FOLLOW_UP_FROM: 'Hospitality Commerce Service <no-reply@hcs.example>',
};

/** Follow-ups are not a mail relay (docs/follow-ups.md "Caps", "Sender and links"). */
describe('guest follow-ups: abuse bounds', () => {
  jest.setTimeout(90_000);
  let t: TestApp;
  let worker: INestApplicationContext;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let start = 30;

  beforeAll(async () => {
    t = await startTestApp(ENV);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...ENV }));
    const tenant = await createTenant(t.app, 'Grupo Hoteleiro Mar');
    adminKey = tenant.adminKey;
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-abuse');
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const book = async () => (await bookStay(t, agent, catalog, traveler, { start: (start += 3), nights: 1, adults: 1 })).bookingId;
  const custom = (message: string) => ({ kind: 'custom', message });
  const settings = (body: Record<string, unknown>) => t.http().put('/v1/admin/follow-up-settings').set('authorization', `Bearer ${adminKey}`).send(body);

  it('refuses links in a message as validation_failed (nothing written) until the tenant allows its own domain', async () => {
    const bookingId = await book();
    const calls = agentFollowUps(t, agent, traveler);
    for (const message of ['Pay now at https://evil.example/pay', 'see evil.example', '<a href="https://x.example">here</a>', 'mail me: me@evil.example']) {
      const res = await calls.create(bookingId, custom(message));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        detail: { field_errors: [{ path: 'message', message: expect.stringMatching(/plain text/) }] },
      });
    }
    expect((await calls.list(bookingId)).body.data.items.filter((f: { kind: string }) => f.kind === 'custom')).toEqual([]);

    const put = await settings({ link_domains: ['hotelmar.example'] });
    expect(put.status).toBe(200);
    expect((await calls.create(bookingId, custom('Our menu: https://hotelmar.example/menu'))).status).toBe(201);
    expect((await calls.create(bookingId, custom('Pay now at https://evil.example/pay'))).status).toBe(400);
    await settings({});
  });

  it('caps follow-ups per booking and per tenant per rolling day with rate_limited and Retry-After', async () => {
    const first = await book();
    const calls = agentFollowUps(t, agent, traveler);
    // The earlier test created one on another booking: the tenant has 1 of 5.
    for (let i = 0; i < 3; i++) expect((await calls.create(first, custom(`Note ${i}`))).status).toBe(201);
    const perBooking = await calls.create(first, custom('one too many'));
    expect(perBooking.status).toBe(429);
    expect(perBooking.body.error).toMatchObject({
      code: 'rate_limited',
      retry_after: expect.any(Number),
      detail: { limit: 3, window_seconds: 86400, scope: 'follow_ups_per_booking' },
    });
    expect(perBooking.body.error.retry_after).toBeGreaterThan(86_000);
    expect(perBooking.headers['retry-after']).toBe(String(perBooking.body.error.retry_after));

    const second = await book();
    const admin = followUpClient(t, adminKey, null);
    expect((await admin.create(second, custom('Fifth of the day'))).status).toBe(201);
    const perTenant = await admin.create(second, custom('sixth'));
    expect(perTenant.status).toBe(429);
    expect(perTenant.body.error).toMatchObject({ code: 'rate_limited', detail: { limit: 5, scope: 'follow_ups_per_tenant' } });
    // The follow-ups the booking schedules by itself count only once sent (none is due yet) and still exist.
    const kinds = (await admin.list(second)).body.data.items.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['pre_arrival', 'post_stay', 'custom']));
  });

  it("sends with the tenant's sender name and reply-to; FOLLOW_UP_FROM stays the address", async () => {
    const get = await t.http().get('/v1/admin/follow-up-settings').set('authorization', `Bearer ${adminKey}`);
    expect(get.body.data).toEqual({ sender_name: null, reply_to: null, link_domains: [], from: '"Grupo Hoteleiro Mar" <no-reply@hcs.example>' });
    const bad = await settings({ sender_name: 'Evil\r\nBcc: x@y.example', reply_to: 'nope', link_domains: ['https://x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['sender_name', 'reply_to', 'link_domains[0]']);
    const put = await settings({ sender_name: 'Hotel Mar Lisboa', reply_to: 'desk@hotelmar.example' });
    expect(put.body.data).toEqual({
      sender_name: 'Hotel Mar Lisboa',
      reply_to: 'desk@hotelmar.example',
      link_domains: [],
      from: '"Hotel Mar Lisboa" <no-reply@hcs.example>',
    });
    const agentRefused = await t.http().get('/v1/admin/follow-up-settings').set('authorization', `Bearer ${agent.apiKey}`);
    expect(agentRefused.body.error.code).toBe('principal_kind_not_allowed');

    // The caps of the previous test are spent for this tenant: a fresh tenant sends one.
    const other = await createTenant(t.app, 'Outro Hotel');
    const otherAgent = await createChainAgent(t.app, other.tenantId);
    const otherCatalog = await createChainCatalog(t.app, other.tenantId);
    const otherTraveler = await travelerDelegation(t.app, other.tenantId, 'traveler-sender');
    await t.http().put('/v1/admin/follow-up-settings').set('authorization', `Bearer ${other.adminKey}`).send({ reply_to: 'front@outro.example' });
    const bookingId = (await bookStay(t, otherAgent, otherCatalog, otherTraveler, { start: 50, nights: 1, adults: 1 })).bookingId;
    const created = await agentFollowUps(t, otherAgent, otherTraveler).create(bookingId, custom('See you soon.'));
    expect(created.status).toBe(201);
    const sent = await eventually(
      async () =>
        (await agentFollowUps(t, otherAgent, otherTraveler).list(bookingId)).body.data.items.find((f: { id: string }) => f.id === created.body.data.id),
      (f: { state: string; rendered?: unknown }) => f.state === 'sent',
      30_000,
      200,
    );
    expect(sent.rendered).toMatchObject({ from: '"Outro Hotel" <no-reply@hcs.example>', reply_to: 'front@outro.example' });
  });

  it('a booking made to relay a mail: its pre-arrival leaves without the URL of the name, and past the tenant cap is not sent', async () => {
    const relay = await createTenant(t.app, 'Relay Check Hotel');
    const relayAgent = await createChainAgent(t.app, relay.tenantId);
    const relayCatalog = await createChainCatalog(t.app, relay.tenantId, { defaultInventory: 20 });
    const relayTraveler = await travelerDelegation(t.app, relay.tenantId, 'traveler-relay');
    const admin = followUpClient(t, relay.adminKey, null);
    const attack = 'Your card was charged – dispute at https://evil.example/dispute?case=8812';
    type PreArrival = { state: string; error?: string; rendered?: { body: string; subject: string; from: string } };
    const preArrivals: PreArrival[] = [];
    const bookingIds: string[] = [];
    // Check-in tomorrow: each booking's pre-arrival is due at once. One at a time, so no two deliveries overlap.
    for (let i = 0; i < 6; i++) {
      const held = await quoteAndHold(t, relayAgent, relayCatalog, { start: 1, nights: 1, adults: 1 });
      const booked = await t
        .http()
        .post('/v1/bookings')
        .set('authorization', `Bearer ${relayAgent.apiKey}`)
        .set('idempotency-key', `relay-${i}`)
        .set(DELEGATION_HEADER, relayTraveler)
        .send({
          hold_id: held.holdId,
          quote_id: held.quoteId,
          guest: { primary: { ...GUEST.primary, full_name: attack, email: 'victim@example.com' } },
          payment: CARD(),
        });
      expect(booked.status).toBe(201);
      bookingIds.push(booked.body.data.booking_id);
      preArrivals.push(
        await eventually(
          async (): Promise<PreArrival> =>
            (await admin.list(booked.body.data.booking_id)).body.data.items.find((f: { kind: string }) => f.kind === 'pre_arrival'),
          (f) => f?.state === 'sent' || f?.state === 'failed',
          30_000,
          200,
        ),
      );
    }
    expect(preArrivals.map((f) => f.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'failed']);
    expect(preArrivals[5]).toMatchObject({ error: expect.stringMatching(/at most 5 follow-ups per tenant.*FOLLOW_UP_MAX_PER_TENANT_PER_DAY/) });
    expect(preArrivals[5]!.rendered).toBeUndefined();
    const mail = preArrivals[0]!.rendered!;
    expect(mail.body).toContain('Your card was charged – dispute at [link removed]');
    for (const text of [mail.subject, mail.body, mail.from]) expect(text).not.toMatch(/https?:|:\/\/|www\.|evil/i);
    // The same caps: the tenant's callers cannot add one more today.
    const more = await admin.create(bookingIds[0]!, custom('Hello'));
    expect(more.status).toBe(429);
    expect(more.body.error).toMatchObject({ code: 'rate_limited', detail: { limit: 5, scope: 'follow_ups_per_tenant' } });
  });
});
