import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SendFollowUp } from '@hcs/domain';
import { jobIds, loadConfig, QueueName } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
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
import { agentFollowUps, followUpAudit, followUpClient, outboxOf } from '../../support/follow-up-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

describe('guest follow-ups (sandbox channel, worker in-process)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let otherAgent: ChainAgent;
  let catalog: ChainCatalog;
  let TRAVELER = '';
  let OTHER_TRAVELER = '';
  const env = { FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '1' };

  beforeAll(async () => {
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    const tenant = await createTenant(t.app);
    TRAVELER = await travelerDelegation(t.app, tenant.tenantId, 'traveler-fu');
    OTHER_TRAVELER = await travelerDelegation(t.app, tenant.tenantId, 'traveler-other');
    tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    otherAgent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { timezone: 'Europe/Paris', checkinTime: '15:00' });
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  }, 60_000);

  const book = async (start: number, nights = 2) => (await bookStay(t, agent, catalog, TRAVELER, { start, nights, adults: 1 })).bookingId;
  const list = async (bookingId: string) => (await agentFollowUps(t, agent, TRAVELER).list(bookingId)).body.data.items as Array<Record<string, unknown>>;

  it('a confirmed booking shows its pre_arrival (48 h before check-in) and post_stay (10:00 the day after check-out), days away and without a job yet', async () => {
    const bookingId = await book(20, 3);
    const res = await agentFollowUps(t, agent, TRAVELER).list(bookingId);
    expect(res.status).toBe(200);
    const preArrival = DateTime.fromISO(`${daysFromToday(20)}T15:00`, { zone: 'Europe/Paris' })
      .minus({ hours: 48 })
      .toUTC()
      .toISO();
    const postStay = DateTime.fromISO(`${daysFromToday(23)}T10:00`, { zone: 'Europe/Paris' })
      .plus({ days: 1 })
      .toUTC()
      .toISO();
    expect(res.body.data).toEqual({
      booking_id: bookingId,
      items: [
        { id: expect.any(String), booking_id: bookingId, kind: 'pre_arrival', message: null, channel: 'sandbox', state: 'scheduled', send_at: preArrival },
        { id: expect.any(String), booking_id: bookingId, kind: 'post_stay', message: null, channel: 'sandbox', state: 'scheduled', send_at: postStay },
      ],
    });
    expect(res.body.next_actions.map((a: { rel: string }) => a.rel)).toEqual(['get', 'get_audit']);
    // Beyond reach (two sweep periods): the queue holds no job for them until the sweep enqueues it.
    const queue = t.app.get<Queue>(getQueueToken(QueueName.GuestFollowUp));
    await new Promise((r) => setTimeout(r, 1500));
    for (const item of res.body.data.items as Array<{ id: string; send_at: string }>) {
      expect(await queue.getJob(jobIds.guestFollowUp(item.id, new Date(item.send_at)))).toBeUndefined();
    }
    const audit = await t.app.get(DataSource).query(`SELECT type FROM audit_events WHERE booking_id = $1 ORDER BY id`, [bookingId]);
    expect(audit.map((a: { type: string }) => a.type)).toEqual(['booking.confirmed', 'payment.captured', 'follow_up.scheduled', 'follow_up.scheduled']);
  }, 60_000);

  it('the sweep enqueues the delayed job of a follow-up as it comes within reach, and it is sent at its send_at', async () => {
    const bookingId = await book(22);
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, {
      kind: 'custom',
      message: 'See you soon.',
      send_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const queue = t.app.get<Queue>(getQueueToken(QueueName.GuestFollowUp));
    const sweep = () => worker.get(SendFollowUp).sweep();
    // A minute away, the reach is two sweep periods (2 s here): no job, even after a sweep.
    await sweep();
    expect(await queue.getJob(jobIds.guestFollowUp(id, new Date(created.body.data.send_at)))).toBeUndefined();
    // Time passes: it is now due in 1.5 s, within reach, and the next sweep enqueues its job.
    const [[{ send_at: sendAt }]] = await t.app
      .get(DataSource)
      .query(`UPDATE follow_ups SET send_at = date_trunc('milliseconds', now() + interval '1500 milliseconds') WHERE id = $1 RETURNING send_at`, [id]);
    await sweep();
    const job = await queue.getJob(jobIds.guestFollowUp(id, sendAt));
    expect(job?.data).toEqual({ tenant_id: tenantId, follow_up_id: id, trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await job!.isDelayed()).toBe(true);
    const items = await eventually(
      () => list(bookingId),
      (i) => i.find((f) => f.id === id)?.state === 'sent',
      20000,
      100,
    );
    expect(Date.parse(items.find((f) => f.id === id)!.sent_at as string)).toBeGreaterThanOrEqual(sendAt.getTime());
  }, 60_000);

  it('sends pre_arrival at once when check-in is less than 48 h away, rendered from the booking facts', async () => {
    const bookingId = await book(1, 1);
    const items = await eventually(
      () => list(bookingId),
      (i) => i[0]?.state === 'sent',
      20000,
      100,
    );
    expect(items[0]).toMatchObject({ kind: 'pre_arrival', state: 'sent', channel: 'sandbox', sent_at: expect.any(String) });
    expect(items[0].rendered).toEqual({
      to: 'ada@example.com',
      // The tenant's name (no sender name set) at FOLLOW_UP_FROM's address; no reply-to (docs/follow-ups.md "Sender and links").
      from: expect.stringMatching(/^"tenant-[0-9a-f]{8}" <no-reply@localhost>$/),
      reply_to: null,
      subject: 'Your stay at Chain Test Hotel is coming up',
      body: expect.stringContaining('Dear Ada Lovelace,'),
      locale: 'en',
    });
    const body = (items[0].rendered as { body: string }).body;
    expect(body).toContain('Check-in from 15:00.');
    expect(body).toContain(DateTime.fromISO(daysFromToday(1)).setLocale('en').toLocaleString(DateTime.DATE_FULL));
    expect(body).toContain('Address: Paris, FR');
    expect(body).not.toMatch(/tok_|card/i);
    expect(items[1]).toMatchObject({ kind: 'post_stay', state: 'scheduled' });
  }, 60_000);

  it('a custom follow-up due in a few seconds is sent by the worker, with events and audit, and readable in the list', async () => {
    const bookingId = await book(30);
    const sendAt = new Date(Date.now() + 2500).toISOString();
    const message = 'Parking is included: ask at the desk for your badge.';
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'custom', message, send_at: sendAt });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      booking_id: bookingId,
      kind: 'custom',
      message,
      channel: 'sandbox',
      state: 'scheduled',
      send_at: sendAt,
    });
    const id = created.body.data.id as string;
    expect((await list(bookingId)).find((i) => i.id === id)?.state).toBe('scheduled');
    const items = await eventually(
      () => list(bookingId),
      (i) => i.find((f) => f.id === id)?.state === 'sent',
      20000,
      100,
    );
    const sent = items.find((f) => f.id === id)!;
    expect(sent).toEqual({
      id,
      booking_id: bookingId,
      kind: 'custom',
      message,
      channel: 'sandbox',
      state: 'sent',
      send_at: sendAt,
      sent_at: expect.any(String),
      rendered: {
        to: 'ada@example.com',
        from: expect.stringMatching(/^"tenant-[0-9a-f]{8}" <no-reply@localhost>$/),
        reply_to: null,
        subject: 'A message about your stay at Chain Test Hotel',
        body: expect.stringContaining(message),
        locale: 'en',
      },
    });
    expect(Date.parse(sent.sent_at as string)).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(await outboxOf(t.app, id)).toEqual([{ type: 'follow_up.sent', payload: sent }]);
    expect(await followUpAudit(t.app, id)).toEqual([
      { type: 'follow_up.scheduled', actor_kind: 'agent' },
      { type: 'follow_up.sent', actor_kind: 'system' },
    ]);
  }, 60_000);

  it('the periodic sweep sends a due follow-up whose job was lost', async () => {
    const bookingId = await book(35);
    const sendAt = new Date(Date.now() + 2000);
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'custom', message: 'Lost and found.', send_at: sendAt.toISOString() });
    const id = created.body.data.id as string;
    const queue = t.app.get<Queue>(getQueueToken(QueueName.GuestFollowUp));
    const job = await eventually(
      () => queue.getJob(jobIds.guestFollowUp(id, sendAt)),
      (j) => j !== undefined,
      3000,
      50,
    );
    // The sweep may enqueue it again at any moment (that is the recovery under test), so the
    // removal is not checked by reading the queue back.
    await job!.remove();
    const items = await eventually(
      () => list(bookingId),
      (i) => i.find((f) => f.id === id)?.state === 'sent',
      20000,
      100,
    );
    expect(items.find((f) => f.id === id)).toMatchObject({ state: 'sent', rendered: { body: expect.stringContaining('Lost and found.') } });
    expect((await outboxOf(t.app, id)).map((e) => e.type)).toEqual(['follow_up.sent']);
  }, 60_000);

  it('a cancellation cancels what is still scheduled, in the same transaction', async () => {
    const bookingId = await book(25);
    const custom = await agentFollowUps(t, agent, TRAVELER).create(bookingId, {
      kind: 'special_request_ack',
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(custom.status).toBe(201);
    const cancel = await t
      .http()
      .post(`/v1/bookings/${bookingId}/cancel`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, TRAVELER)
      .send({});
    expect(cancel.status).toBe(200);
    const items = await list(bookingId);
    expect(items.map((i) => [i.kind, i.state])).toEqual([
      ['pre_arrival', 'cancelled'],
      ['post_stay', 'cancelled'],
      ['special_request_ack', 'cancelled'],
    ]);
    const audit = await t.app.get(DataSource).query(`SELECT type FROM audit_events WHERE booking_id = $1 ORDER BY id`, [bookingId]);
    expect(audit.map((a: { type: string }) => a.type)).toEqual([
      'booking.confirmed',
      'payment.captured',
      'follow_up.scheduled',
      'follow_up.scheduled',
      'follow_up.scheduled',
      'booking.cancelled',
      'follow_up.cancelled',
      'follow_up.cancelled',
      'follow_up.cancelled',
      'refund.issued',
    ]);
  }, 60_000);

  it('a tenant admin may schedule and list without a delegation', async () => {
    const bookingId = await book(40);
    const admin = followUpClient(t, adminKey, null);
    const created = await admin.create(bookingId, { kind: 'post_stay', message: 'Thank you!', send_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ kind: 'post_stay', message: 'Thank you!', state: 'scheduled' });
    const listed = await admin.list(bookingId);
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toHaveLength(3);
    expect(await followUpAudit(t.app, created.body.data.id)).toEqual([{ type: 'follow_up.scheduled', actor_kind: 'admin' }]);
  }, 60_000);

  it('honours Idempotency-Key: a retry replays the first answer and schedules nothing more', async () => {
    const bookingId = await book(41);
    const body = { kind: 'custom', message: 'See you soon', send_at: new Date(Date.now() + 3_600_000).toISOString() };
    const first = await agentFollowUps(t, agent, TRAVELER).create(bookingId, body, 'fu-key-1');
    const again = await agentFollowUps(t, agent, TRAVELER).create(bookingId, body, 'fu-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect((await list(bookingId)).filter((i) => i.kind === 'custom')).toHaveLength(1);
    const conflict = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { ...body, message: 'Another' }, 'fu-key-1');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
  }, 60_000);

  describe('refusals', () => {
    let bookingId: string;
    const future = () => new Date(Date.now() + 3_600_000).toISOString();
    beforeAll(async () => {
      bookingId = await book(50);
    });
    const count = async () => (await list(bookingId)).length;

    it('booking_not_found for an unknown booking and for another tenant’s booking', async () => {
      const unknown = await agentFollowUps(t, agent, TRAVELER).create(randomUUID(), { kind: 'pre_arrival' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('booking_not_found');
      // Another tenant's agent, with a delegation bound to its own tenant, never learns the booking exists.
      const strangerTenantId = (await createTenant(t.app)).tenantId;
      const stranger = await createChainAgent(t.app, strangerTenantId);
      const strangerTraveler = await travelerDelegation(t.app, strangerTenantId, 'traveler-fu');
      const other = await agentFollowUps(t, stranger, strangerTraveler).create(bookingId, { kind: 'pre_arrival' });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('booking_not_found');
      const otherList = await agentFollowUps(t, stranger, strangerTraveler).list(bookingId);
      expect(otherList.status).toBe(404);
      expect(otherList.body.error.code).toBe('booking_not_found');
    });

    it('resource_access_denied for another agent of the tenant and for another traveler’s delegation', async () => {
      const before = await count();
      const otherAgentCall = await agentFollowUps(t, otherAgent, TRAVELER).create(bookingId, { kind: 'pre_arrival' });
      expect(otherAgentCall.status).toBe(403);
      expect(otherAgentCall.body.error.code).toBe('resource_access_denied');
      const otherTraveler = await agentFollowUps(t, agent, OTHER_TRAVELER).create(bookingId, { kind: 'pre_arrival' });
      expect(otherTraveler.status).toBe(403);
      expect(otherTraveler.body.error.code).toBe('resource_access_denied');
      expect((await agentFollowUps(t, otherAgent, null).list(bookingId)).body.error.code).toBe('resource_access_denied');
      expect(await count()).toBe(before);
    });

    it('delegation_required for an agent without X-Delegated-User', async () => {
      const res = await agentFollowUps(t, agent, null).create(bookingId, { kind: 'pre_arrival' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('delegation_required');
    });

    it('validation_failed for a past send_at, a custom follow-up without message, a message over 2,000 characters and an unknown kind; nothing written', async () => {
      const before = await count();
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ kind: 'pre_arrival', send_at: new Date(Date.now() - 3_600_000).toISOString() }, ['send_at']],
        [{ kind: 'custom', send_at: future() }, ['message']],
        [{ kind: 'custom', message: 'x'.repeat(2001) }, ['message']],
        [{ kind: 'custom', send_at: new Date(Date.now() - 3_600_000).toISOString() }, ['message', 'send_at']],
        [{ kind: 'newsletter', message: 'hi' }, ['kind']],
        [{ kind: 'custom', message: 'hi', send_at: 'tomorrow' }, ['send_at']],
        [{ kind: 'custom', message: 'hi', extra: true }, ['extra']],
      ];
      for (const [body, paths] of cases) {
        const res = await agentFollowUps(t, agent, TRAVELER).create(bookingId, body);
        expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code: 'validation_failed' });
        expect(res.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual(paths);
      }
      const exactly2000 = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'custom', message: 'y'.repeat(2000), send_at: future() });
      expect(exactly2000.status).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
});
