jest.mock('@nestjs-cls/transactional', () => ({ Transactional: () => () => undefined }));

import { randomUUID } from 'node:crypto';
import type { AppConfig, RequestContext } from '@hcs/platform';
import type { Caller } from '../../identity/principal';
import type { BookingRecord } from '../../booking/chain.types';
import { AuditLog, NewAuditEvent } from '../../booking/ports/audit-log';
import { BookingRepository } from '../../booking/ports/booking.repository';
import { NewOutboxEvent, OutboxWriter } from '../../booking/ports/outbox-writer';
import type { Property } from '../../catalog/catalog';
import { PropertyRepository } from '../../catalog/ports/property.repository';
import { DomainError } from '../../errors/domain-error';
import { AfterCommit } from '../../transactions/after-commit';
import type { FollowUpChannel, FollowUpKind, FollowUpRecord, RenderedMessage } from '../follow-up.types';
import { FollowUpDispatcher } from '../ports/follow-up.dispatcher';
import { FollowUpRef, FollowUpRepository, NewFollowUp } from '../ports/follow-up.repository';
import { GuestNotifier } from '../ports/guest-notifier';
import { FollowUpQuota } from '../ports/follow-up-quota';
import { FollowUpSettings, FollowUpSettingsRepository, TenantFollowUpSettings } from '../ports/follow-up-settings.repository';
import { GetFollowUpSettings } from './get-follow-up-settings.use-case';
import { UpdateFollowUpSettings } from './update-follow-up-settings.use-case';
import { CreateFollowUp } from './create-follow-up.use-case';
import { FollowUpAccess } from '../services/follow-up-access';
import { ListFollowUps } from './list-follow-ups.use-case';
import { SendFollowUp } from './send-follow-up.use-case';
import { StayFollowUpScheduling } from '../services/stay-follow-up-scheduling';
import { FollowUpJobs } from '../services/follow-up-jobs';
import { FollowUpRenderer } from '../services/follow-up-renderer';
import { ChainRecorder } from '../../booking/services/chain-recorder';

const TENANT = 'aaaaaaaa-0000-4000-8000-000000000001';
const AGENT = 'bbbbbbbb-0000-4000-8000-000000000001';
const TRAVELER = { iss: 'https://issuer.test', sub: 'traveler-1' };
const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

class FakeFollowUps extends FollowUpRepository {
  rows: Array<FollowUpRecord & { claimedUntil: number | null }> = [];
  private at = (id: string, tenantId: string) => this.rows.find((r) => r.id === id && r.tenantId === tenantId) ?? null;
  async createMany(items: NewFollowUp[]) {
    const created = items.map((i) => ({
      ...i,
      id: randomUUID(),
      state: 'scheduled' as const,
      sentAt: null,
      error: null,
      attempts: 0,
      rendered: null,
      createdAt: new Date(),
      claimedUntil: null,
    }));
    this.rows.push(...created);
    return created.map((r) => ({ ...r }));
  }
  async findById(tenantId: string, id: string) {
    return this.at(id, tenantId);
  }
  async listForBooking(tenantId: string, bookingId: string) {
    return this.rows.filter((r) => r.tenantId === tenantId && r.bookingId === bookingId);
  }
  async claim(tenantId: string, id: string, channel: FollowUpChannel, leaseSeconds: number) {
    const r = this.at(id, tenantId);
    if (!r || r.channel !== channel || r.state !== 'scheduled' || r.sendAt.getTime() > Date.now() || (r.claimedUntil && r.claimedUntil > Date.now()))
      return null;
    Object.assign(r, { claimedUntil: Date.now() + leaseSeconds * 1000, attempts: r.attempts + 1 });
    return { ...r };
  }
  private scheduled(tenantId: string, id: string, patch: Partial<FollowUpRecord & { claimedUntil: number | null }>) {
    const r = this.at(id, tenantId);
    if (!r || r.state !== 'scheduled') return null;
    return { ...Object.assign(r, patch) };
  }
  async markSent(tenantId: string, id: string, rendered: RenderedMessage) {
    return this.scheduled(tenantId, id, { state: 'sent', sentAt: new Date(), rendered, error: null, claimedUntil: null });
  }
  async retryLater(tenantId: string, id: string, retryAt: Date, error: string) {
    return this.scheduled(tenantId, id, { sendAt: retryAt, error, claimedUntil: null });
  }
  async markFailed(tenantId: string, id: string, error: string) {
    return this.scheduled(tenantId, id, { state: 'failed', error, claimedUntil: null });
  }
  async cancelScheduled(tenantId: string, bookingId: string) {
    const hit = this.rows.filter((r) => r.tenantId === tenantId && r.bookingId === bookingId && r.state === 'scheduled');
    hit.forEach((r) => (r.state = 'cancelled'));
    return hit.map((r) => ({ ...r }));
  }
  async moveScheduled(tenantId: string, bookingId: string, kind: FollowUpKind, sendAt: Date) {
    const r = this.rows.find(
      (x) => x.tenantId === tenantId && x.bookingId === bookingId && x.kind === kind && x.origin === 'booking' && x.state === 'scheduled',
    );
    return r ? { ...Object.assign(r, { sendAt }) } : null;
  }
  async listDue(channel: FollowUpChannel, limit: number): Promise<FollowUpRef[]> {
    return this.rows
      .filter((r) => r.channel === channel && r.state === 'scheduled' && r.sendAt.getTime() <= Date.now() && !(r.claimedUntil && r.claimedUntil > Date.now()))
      .slice(0, limit)
      .map((r) => ({ tenantId: r.tenantId, id: r.id, sendAt: r.sendAt }));
  }
  async listComingDue(channel: FollowUpChannel, withinSeconds: number, limit: number): Promise<FollowUpRef[]> {
    const now = Date.now();
    return this.rows
      .filter((r) => r.channel === channel && r.state === 'scheduled' && r.sendAt.getTime() > now && r.sendAt.getTime() <= now + withinSeconds * 1000)
      .sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime())
      .slice(0, limit)
      .map((r) => ({ tenantId: r.tenantId, id: r.id, sendAt: r.sendAt }));
  }
}

class FakeBookings extends BookingRepository {
  constructor(readonly rows: BookingRecord[]) {
    super();
  }
  create = jest.fn();
  cancel = jest.fn();
  cancelRooms = jest.fn();
  modify = jest.fn();
  search = jest.fn();
  async findById(tenantId: string, id: string) {
    return this.rows.find((b) => b.tenantId === tenantId && b.id === id) ?? null;
  }
  async findByHold() {
    return null;
  }
}

class FakeProperties {
  constructor(private readonly property: Partial<Property>) {}
  async findById(tenantId: string, id: string) {
    return tenantId === TENANT && id === this.property.id ? (this.property as Property) : null;
  }
}

class RecordingAudit extends AuditLog {
  events: NewAuditEvent[] = [];
  async append(e: NewAuditEvent) {
    this.events.push(e);
  }
  async listForChain() {
    return [];
  }
}

class RecordingOutbox extends OutboxWriter {
  events: NewOutboxEvent[] = [];
  async append(e: NewOutboxEvent) {
    this.events.push(e);
  }
}

/** Collects after-commit tasks; `commit()` runs them as the real adapter does after COMMIT. */
class FakeAfterCommit extends AfterCommit {
  tasks: Array<() => Promise<unknown>> = [];
  run(_label: string, task: () => Promise<unknown>) {
    this.tasks.push(task);
  }
  async commit() {
    const tasks = this.tasks.splice(0);
    for (const task of tasks) await task();
  }
}

class RecordingDispatcher extends FollowUpDispatcher {
  enqueued: FollowUpRef[] = [];
  async enqueue(items: FollowUpRef[]) {
    this.enqueued.push(...items);
  }
}

class ScriptedNotifier extends GuestNotifier {
  readonly channel = 'email' as const;
  delivered: RenderedMessage[] = [];
  failures = 0;
  async deliver(message: RenderedMessage) {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('550 mailbox unavailable');
    }
    this.delivered.push(message);
  }
}

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: randomUUID(),
    tenantId: TENANT,
    agentId: AGENT,
    quoteId: randomUUID(),
    holdId: randomUUID(),
    propertyId: 'cccccccc-0000-4000-8000-000000000001',
    roomTypeId: randomUUID(),
    ratePlanId: randomUUID(),
    stay: { check_in: '2030-06-10', check_out: '2030-06-12' },
    guests: { adults: 1, children: [] },
    guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
    rooms: null,
    priceBreakdown: {} as BookingRecord['priceBreakdown'],
    policySnapshot: { check_in_at: '2030-06-10T13:00:00Z', timezone: 'Europe/Paris' } as BookingRecord['policySnapshot'],
    traveler: TRAVELER,
    idempotencyKey: 'k',
    state: 'confirmed',
    confirmationReceipt: {} as BookingRecord['confirmationReceipt'],
    cancellation: null,
    cancellationReceipt: null,
    createdAt: new Date(),
    ...overrides,
  };
}

class FakeSettings extends FollowUpSettingsRepository {
  rows = new Map<string, FollowUpSettings>();
  async get(tenantId: string): Promise<TenantFollowUpSettings | null> {
    if (tenantId !== TENANT) return null;
    return { tenantName: 'Hotel Group Mar', senderName: null, replyTo: null, linkDomains: [], ...this.rows.get(tenantId) };
  }
  async put(tenantId: string, s: FollowUpSettings) {
    this.rows.set(tenantId, s);
  }
}

/** Counts as the SQL does: rows of origin `request` created since `since`, and rows of origin `booking` sent since then. */
class FakeQuota extends FollowUpQuota {
  constructor(private readonly followUps: FakeFollowUps) {
    super();
  }
  async countRecent(tenantId: string, bookingId: string, since: Date) {
    const at = (r: FollowUpRecord) => (r.origin === 'request' ? r.createdAt : r.state === 'sent' ? r.sentAt : null);
    const recent = this.followUps.rows.filter((r) => r.tenantId === tenantId && (at(r)?.getTime() ?? 0) > since.getTime());
    const of = (rows: typeof recent) => ({ count: rows.length, oldest: rows.length ? new Date(Math.min(...rows.map((r) => at(r)!.getTime()))) : null });
    return { booking: of(recent.filter((r) => r.bookingId === bookingId)), tenant: of(recent) };
  }
}

function world() {
  const b = booking();
  const followUps = new FakeFollowUps();
  const bookings = new FakeBookings([b]);
  const properties = new FakeProperties({
    id: b.propertyId,
    name: 'Hotel Mar',
    checkinTime: '15:00',
    address: { line1: 'Rua Augusta 1', line2: null, city: 'Lisboa', region: null, country: 'PT', postalCode: null },
  }) as unknown as PropertyRepository;
  const audit = new RecordingAudit();
  const outbox = new RecordingOutbox();
  const afterCommit = new FakeAfterCommit();
  const dispatcher = new RecordingDispatcher();
  const notifier = new ScriptedNotifier();
  const context = { traceId: '0af7651916cd43dd8448eb211c80319c' } as RequestContext;
  const config = {
    webhookRetryScheduleSeconds: [10, 60],
    followUpFrom: 'Hospitality Commerce Service <no-reply@hcs.example>',
    followUpMaxPerBookingPerDay: 3,
    followUpMaxPerTenantPerDay: 5,
    followUpSweepIntervalSeconds: 30,
  } as AppConfig;
  const settings = new FakeSettings();
  const quota = new FakeQuota(followUps);
  const access = new FollowUpAccess(bookings);
  const jobs = new FollowUpJobs(followUps, dispatcher, afterCommit, config);
  const recorder = new ChainRecorder(audit, outbox, context);
  const renderer = new FollowUpRenderer(properties, settings, config);
  return {
    b,
    bookings,
    followUps,
    audit,
    outbox,
    afterCommit,
    dispatcher,
    notifier,
    settings,
    create: new CreateFollowUp(access, followUps, notifier, recorder, jobs, settings, quota, config),
    getSettings: new GetFollowUpSettings(settings, config),
    updateSettings: new UpdateFollowUpSettings(settings, config),
    list: new ListFollowUps(access, followUps),
    renderer,
    send: new SendFollowUp(followUps, bookings, renderer, notifier, recorder, jobs, quota, config),
    stay: new StayFollowUpScheduling(followUps, bookings, properties, notifier, audit, jobs, context),
  };
}

const agent: Caller = { tenantId: TENANT, principalId: AGENT, kind: 'agent', bookingLimit: null };
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describe('CreateFollowUp and ListFollowUps', () => {
  it('refuses outsiders first: another tenant, another agent, another traveler', async () => {
    const w = world();
    const command = { bookingId: w.b.id, kind: 'pre_arrival', message: null, sendAt: null };
    await expect(codeOf(w.create.execute(command, { ...agent, tenantId: randomUUID() }, TRAVELER))).resolves.toBe('booking_not_found');
    await expect(codeOf(w.create.execute(command, { ...agent, principalId: randomUUID() }, TRAVELER))).resolves.toBe('resource_access_denied');
    await expect(codeOf(w.create.execute(command, agent, { ...TRAVELER, sub: 'someone-else' }))).resolves.toBe('resource_access_denied');
    await expect(codeOf(w.list.execute({ bookingId: w.b.id }, { ...agent, principalId: randomUUID() }, null))).resolves.toBe('resource_access_denied');
    expect(w.followUps.rows).toEqual([]);
  });

  it('reports every invalid field at once and writes nothing', async () => {
    const w = world();
    const error = await w.create
      .execute({ bookingId: w.b.id, kind: 'custom', message: null, sendAt: new Date(Date.now() - 3_600_000).toISOString() }, agent, TRAVELER)
      .catch((e: DomainError) => e);
    expect(error).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'message' }, { path: 'send_at' }] } });
    expect(w.followUps.rows).toEqual([]);
    expect(w.audit.events).toEqual([]);
  });

  it('schedules on the notifier channel with an audit entry, and enqueues only after commit', async () => {
    const w = world();
    const sendAt = new Date(Date.now() + 60_000).toISOString();
    const outcome = await w.create.execute({ bookingId: w.b.id, kind: 'custom', message: 'Hello', sendAt }, agent, TRAVELER);
    expect(outcome.data).toEqual({
      id: expect.any(String),
      booking_id: w.b.id,
      kind: 'custom',
      message: 'Hello',
      channel: 'email',
      state: 'scheduled',
      send_at: sendAt,
    });
    expect(outcome.meta.status).toBe(201);
    expect(w.audit.events.map((e) => [e.type, e.actor, e.traveler])).toEqual([['follow_up.scheduled', { kind: 'agent', id: AGENT }, TRAVELER]]);
    expect(w.dispatcher.enqueued).toEqual([]);
    await w.afterCommit.commit();
    expect(w.dispatcher.enqueued).toEqual([{ tenantId: TENANT, id: outcome.data.id, sendAt: new Date(sendAt) }]);
  });

  it('lets a tenant admin in without a delegation', async () => {
    const w = world();
    const admin: Caller = { tenantId: TENANT, principalId: randomUUID(), kind: 'admin', bookingLimit: null };
    await w.create.execute({ bookingId: w.b.id, kind: 'post_stay', message: null, sendAt: null }, admin, null);
    expect((await w.list.execute({ bookingId: w.b.id }, admin, null)).data.items.map((i) => i.kind)).toEqual(['post_stay']);
  });
});

describe('SendFollowUp', () => {
  it('renders from the booking facts, delivers once, then records sent with audit and outbox', async () => {
    const w = world();
    const { data } = await w.create.execute({ bookingId: w.b.id, kind: 'custom', message: 'Parking included.', sendAt: null }, agent, TRAVELER);
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'sent' });
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'skipped' });
    expect(w.notifier.delivered).toHaveLength(1);
    expect(w.notifier.delivered[0]).toMatchObject({ to: 'ada@example.com', locale: 'pt', subject: 'Uma mensagem sobre a sua estadia no Hotel Mar' });
    expect(w.notifier.delivered[0].body).toContain('Parking included.');
    expect(w.notifier.delivered[0].body).toContain('Morada: Rua Augusta 1, Lisboa, PT');
    const sent = w.followUps.rows[0];
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, rendered: w.notifier.delivered[0] });
    expect(w.outbox.events.map((e) => [e.type, e.payload.state])).toEqual([['follow_up.sent', 'sent']]);
    expect(w.audit.events.map((e) => e.type)).toEqual(['follow_up.scheduled', 'follow_up.sent']);
  });

  it('never delivers a follow-up scheduled for another channel (a sandbox worker must not mark an email sent)', async () => {
    const w = world();
    const { data } = await w.create.execute({ bookingId: w.b.id, kind: 'custom', message: 'Hi', sendAt: null }, agent, TRAVELER);
    w.followUps.rows[0].channel = 'sandbox';
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'skipped' });
    await expect(w.send.sweep()).resolves.toBe(0);
    expect(w.notifier.delivered).toEqual([]);
    expect(w.followUps.rows[0]).toMatchObject({ state: 'scheduled', attempts: 0 });
  });

  it('says not_due before send_at', async () => {
    const w = world();
    const sendAt = new Date(Date.now() + 60_000).toISOString();
    const { data } = await w.create.execute({ bookingId: w.b.id, kind: 'pre_arrival', message: null, sendAt }, agent, TRAVELER);
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'not_due', dueInMs: expect.any(Number) });
    expect(w.notifier.delivered).toEqual([]);
  });

  it('retries a refused delivery along the schedule, then fails it with the error', async () => {
    const w = world();
    w.notifier.failures = 3;
    const { data } = await w.create.execute({ bookingId: w.b.id, kind: 'custom', message: 'Hi', sendAt: null }, agent, TRAVELER);
    await w.afterCommit.commit();
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'retrying' });
    const row = w.followUps.rows[0];
    expect(row).toMatchObject({ state: 'scheduled', error: '550 mailbox unavailable', attempts: 1 });
    expect(row.sendAt.getTime() - Date.now()).toBeGreaterThan(9_000);
    await w.afterCommit.commit();
    expect(w.dispatcher.enqueued.at(-1)).toEqual({ tenantId: TENANT, id: data.id, sendAt: row.sendAt });
    row.sendAt = new Date(Date.now() - 1);
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'retrying' });
    row.sendAt = new Date(Date.now() - 1);
    await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'failed' });
    expect(w.followUps.rows[0]).toMatchObject({ state: 'failed', attempts: 3, error: '550 mailbox unavailable' });
    expect(w.outbox.events.map((e) => [e.type, e.payload.error])).toEqual([['follow_up.failed', '550 mailbox unavailable']]);
    expect(w.audit.events.map((e) => e.type)).toEqual(['follow_up.scheduled', 'follow_up.failed']);
  });
});

describe('StayFollowUpScheduling (the booking chain port)', () => {
  it('a confirmed booking gets pre_arrival 48 h before check-in and post_stay at 10:00 the day after check-out', async () => {
    const w = world();
    await w.stay.scheduleForConfirmedBooking(w.b, { kind: 'agent', id: AGENT });
    expect(w.followUps.rows.map((r) => [r.kind, r.sendAt.toISOString(), r.origin])).toEqual([
      ['pre_arrival', '2030-06-08T13:00:00.000Z', 'booking'],
      ['post_stay', '2030-06-13T08:00:00.000Z', 'booking'],
    ]);
    expect(w.audit.events.map((e) => e.type)).toEqual(['follow_up.scheduled', 'follow_up.scheduled']);
    // Both are years away: no job yet, the sweep enqueues each as it comes within reach.
    await w.afterCommit.commit();
    expect(w.dispatcher.enqueued).toEqual([]);
    w.followUps.rows[0].sendAt = new Date(Date.now() + 45_000);
    await w.send.sweep();
    expect(w.dispatcher.enqueued.map((r) => r.id)).toEqual([w.followUps.rows[0].id]);
  });

  it('a stay that starts within 48 h gets its pre_arrival job at commit, the post_stay waits for the sweep', async () => {
    const w = world();
    const soon = { ...w.b, policySnapshot: { ...w.b.policySnapshot, check_in_at: new Date(Date.now() + 86_400_000).toISOString() } };
    await w.stay.scheduleForConfirmedBooking(soon, { kind: 'agent', id: AGENT });
    expect(w.dispatcher.enqueued).toEqual([]);
    await w.afterCommit.commit();
    expect(w.dispatcher.enqueued.map((r) => r.id)).toEqual([w.followUps.rows[0].id]);
    expect(w.followUps.rows[0].kind).toBe('pre_arrival');
  });

  it('cancelling cancels only what is still scheduled', async () => {
    const w = world();
    await w.stay.scheduleForConfirmedBooking(w.b, { kind: 'agent', id: AGENT });
    w.followUps.rows[0].state = 'sent';
    await w.stay.cancelScheduled(w.b, { kind: 'agent', id: AGENT });
    expect(w.followUps.rows.map((r) => r.state)).toEqual(['sent', 'cancelled']);
    expect(w.audit.events.map((e) => e.type).at(-1)).toBe('follow_up.cancelled');
  });

  it('rescheduleForStay moves the scheduled pre_arrival and post_stay to the new stay and enqueues after commit those within reach', async () => {
    const w = world();
    await w.stay.scheduleForConfirmedBooking(w.b, { kind: 'agent', id: AGENT });
    const custom = await w.create.execute(
      { bookingId: w.b.id, kind: 'custom', message: 'Hi', sendAt: new Date(Date.now() + 60_000).toISOString() },
      agent,
      TRAVELER,
    );
    await w.afterCommit.commit();
    w.dispatcher.enqueued = [];
    // Paris is UTC+2 in July: check-in 15:00 local is 13:00Z.
    await w.stay.rescheduleForStay(TENANT, w.b.id, { check_in: '2030-07-20', check_out: '2030-07-25' });
    expect(w.followUps.rows.map((r) => [r.kind, r.sendAt.toISOString()])).toEqual([
      ['pre_arrival', '2030-07-18T13:00:00.000Z'],
      ['post_stay', '2030-07-26T08:00:00.000Z'],
      ['custom', custom.data.send_at],
    ]);
    await w.afterCommit.commit();
    // Moved years ahead: no job until the sweep finds them within reach.
    expect(w.dispatcher.enqueued).toEqual([]);
    await w.stay.rescheduleForStay(TENANT, w.b.id, { check_in: isoDate(1), check_out: isoDate(2) });
    expect(w.dispatcher.enqueued).toEqual([]);
    await w.afterCommit.commit();
    // Check-in tomorrow: pre_arrival is due now and enqueued after commit; post_stay is days away.
    expect(w.dispatcher.enqueued.map((r) => r.id)).toEqual([w.followUps.rows[0].id]);
  });
});

describe('follow-ups are not a mail relay (docs/follow-ups.md "Caps", "Sender and links")', () => {
  const admin: Caller = { tenantId: TENANT, principalId: randomUUID(), kind: 'admin', bookingLimit: null };
  const custom = (bookingId: string, message = 'See you soon.') => ({ bookingId, kind: 'custom', message, sendAt: null });

  it('caps follow-ups per booking per rolling day with rate_limited and retry_after; the booking schedules its own freely', async () => {
    const w = world();
    for (let i = 0; i < 3; i++) await w.create.execute(custom(w.b.id), agent, TRAVELER);
    const refused = await w.create.execute(custom(w.b.id), agent, TRAVELER).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'rate_limited', detail: { limit: 3, window_seconds: 86400, scope: 'follow_ups_per_booking' } });
    expect((refused as DomainError).retryAfter).toBeGreaterThan(86_000);
    expect((refused as DomainError).retryAfter).toBeLessThanOrEqual(86_400);
    expect(w.followUps.rows).toHaveLength(3);
    // A day later the oldest has left the window.
    w.followUps.rows[0]!.createdAt = new Date(Date.now() - 86_401_000);
    await expect(w.create.execute(custom(w.b.id), agent, TRAVELER)).resolves.toBeDefined();
  });

  it('caps follow-ups per tenant per rolling day across bookings', async () => {
    const w = world();
    for (let i = 0; i < 2; i++) await w.create.execute(custom(w.b.id), admin, null);
    // Three more of the tenant on other bookings.
    for (let i = 0; i < 3; i++) w.followUps.rows.push({ ...w.followUps.rows[0]!, id: randomUUID(), bookingId: randomUUID(), createdAt: new Date() });
    const refused = await w.create.execute(custom(w.b.id), admin, null).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'rate_limited', detail: { scope: 'follow_ups_per_tenant', limit: 5 } });
  });

  it('refuses links in a message as validation_failed unless they go to the tenant link domains', async () => {
    const w = world();
    const refused = await w.create.execute(custom(w.b.id, 'Pay at https://evil.example/pay'), agent, TRAVELER).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'message', message: expect.stringMatching(/plain text/) }] } });
    expect(w.followUps.rows).toEqual([]);
    await w.updateSettings.execute({ link_domains: ['hotelmar.example'] }, admin);
    await expect(w.create.execute(custom(w.b.id, 'Menu: https://hotelmar.example/menu'), agent, TRAVELER)).resolves.toBeDefined();
    await expect(codeOf(w.create.execute(custom(w.b.id, 'Pay at https://evil.example/pay'), agent, TRAVELER))).resolves.toBe('validation_failed');
  });

  it("sends with the tenant's sender name and reply-to at FOLLOW_UP_FROM's address", async () => {
    const w = world();
    const first = await w.create.execute(custom(w.b.id), agent, TRAVELER);
    await w.send.execute(TENANT, first.data.id);
    expect(w.notifier.delivered[0]).toMatchObject({ from: '"Hotel Group Mar" <no-reply@hcs.example>', reply_to: null });
    const { data: view } = await w.updateSettings.execute({ sender_name: 'Hotel Mar Lisboa', reply_to: 'desk@hotelmar.example' }, admin);
    expect(view).toEqual({
      sender_name: 'Hotel Mar Lisboa',
      reply_to: 'desk@hotelmar.example',
      link_domains: [],
      from: '"Hotel Mar Lisboa" <no-reply@hcs.example>',
    });
    await expect(w.getSettings.execute({}, admin)).resolves.toMatchObject({ data: view });
    const second = await w.create.execute(custom(w.b.id), agent, TRAVELER);
    await w.send.execute(TENANT, second.data.id);
    expect(w.notifier.delivered[1]).toMatchObject({ from: '"Hotel Mar Lisboa" <no-reply@hcs.example>', reply_to: 'desk@hotelmar.example' });
  });

  /** A booking with check-in tomorrow (its pre_arrival is due at once), confirmed and its follow-ups planned. */
  const bookTomorrow = async (w: ReturnType<typeof world>, fullName = 'Ada Lovelace') => {
    const b = booking({
      guest: { primary: { full_name: fullName, email: 'victim@example.com', phone: '+44 20 0000 0000' } },
      policySnapshot: { check_in_at: new Date(Date.now() + 86_400_000).toISOString(), timezone: 'Europe/Paris' } as BookingRecord['policySnapshot'],
    });
    w.bookings.rows.push(b);
    await w.stay.scheduleForConfirmedBooking(b, { kind: 'agent', id: AGENT });
    return { b, preArrival: w.followUps.rows.find((r) => r.bookingId === b.id && r.kind === 'pre_arrival')! };
  };

  it('automatic pre-arrival mails count against the tenant cap when sent: one over it is not delivered, failed with the cap, audited', async () => {
    const w = world();
    const results: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { preArrival } = await bookTomorrow(w);
      results.push((await w.send.execute(TENANT, preArrival.id)).result);
    }
    expect(results).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'failed']);
    expect(w.notifier.delivered).toHaveLength(5);
    const refused = w.followUps.rows.filter((r) => r.state === 'failed');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      kind: 'pre_arrival',
      rendered: null,
      error: expect.stringMatching(/at most 5 follow-ups per tenant.*FOLLOW_UP_MAX_PER_TENANT_PER_DAY/),
    });
    const failedAudit = w.audit.events.find((e) => e.type === 'follow_up.failed');
    expect(failedAudit?.data).toMatchObject({ follow_up_id: refused[0].id, scope: 'follow_ups_per_tenant', limit: 5, error: refused[0].error });
    expect(w.outbox.events.filter((e) => e.type === 'follow_up.failed').map((e) => e.aggregateId)).toEqual([refused[0].id]);
    // Sending again does nothing: it is failed, not scheduled.
    await expect(w.send.execute(TENANT, refused[0].id)).resolves.toEqual({ result: 'skipped' });
    // The same caps: the tenant's callers are refused too.
    await expect(codeOf(w.create.execute(custom(w.b.id), agent, TRAVELER))).resolves.toBe('rate_limited');
  });

  it("an automatic follow-up over its booking's cap is not delivered", async () => {
    const w = world();
    const { b, preArrival } = await bookTomorrow(w);
    const requested = { ...w.followUps.rows.find((r) => r.id === preArrival.id)!, origin: 'request' as const, kind: 'custom' as const };
    for (let i = 0; i < 3; i++) w.followUps.rows.push({ ...requested, id: randomUUID(), state: 'sent', sendAt: new Date(), createdAt: new Date() });
    await expect(w.send.execute(TENANT, preArrival.id)).resolves.toEqual({ result: 'failed' });
    expect(w.followUps.rows.find((r) => r.id === preArrival.id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/at most 3 follow-ups per booking.*FOLLOW_UP_MAX_PER_BOOKING_PER_DAY/),
    });
    expect(w.notifier.delivered).toEqual([]);
    // Requested ones count at creation: the booking's callers are refused as before.
    await expect(codeOf(w.create.execute(custom(b.id), agent, TRAVELER))).resolves.toBe('rate_limited');
  });

  it('a requested follow-up was counted at creation and is not counted again when sent', async () => {
    const w = world();
    for (let i = 0; i < 3; i++) {
      const { data } = await w.create.execute(custom(w.b.id), agent, TRAVELER);
      await expect(w.send.execute(TENANT, data.id)).resolves.toEqual({ result: 'sent' });
    }
  });

  it('a URL in the guest name never reaches the mail (the booking-and-cancel relay of the audit)', async () => {
    const w = world();
    const attack = 'Your card was charged – dispute at https://evil.example/dispute?case=8812';
    const { preArrival } = await bookTomorrow(w, attack);
    await expect(w.send.execute(TENANT, preArrival.id)).resolves.toEqual({ result: 'sent' });
    const mail = w.notifier.delivered[0]!;
    expect(mail.body).toContain('Caro(a) Your card was charged – dispute at [link removed],');
    for (const text of [mail.subject, mail.body, mail.from ?? '']) expect(text).not.toMatch(/https?:|:\/\/|www\.|evil|example\//i);
  });

  it('the renderer drops links from the guest name, the property name and address, and the sender name; keeps plain names', async () => {
    const w = world();
    await w.updateSettings.execute({ sender_name: 'Refunds at evil.example' }, admin);
    const preArrival = { kind: 'pre_arrival', message: null } as FollowUpRecord;
    const render = (fullName: string) => w.renderer.render(preArrival, { ...w.b, guest: { primary: { ...w.b.guest.primary, full_name: fullName } } });
    for (const name of ['www.evil.example', 'evil.example/pay', 'hxxps://evil.example', 'evil\uff0eexample/pay', 'pay@evil.example', '203.0.113.9/pay']) {
      const mail = await render(name);
      expect(mail.body).toContain('[link removed]');
      expect(mail.body).not.toMatch(/evil|203\.0|:\/\//);
    }
    const mail = await render("Seán O'Brien-Smith, J. R. R.");
    expect(mail.body).toContain("Caro(a) Seán O'Brien-Smith, J. R. R.,");
    expect(mail.from).toBe('"Refunds at [link removed]" <no-reply@hcs.example>');
  });

  it('a message that no longer passes the link check (its domain removed from link_domains) goes out without its links', async () => {
    const w = world();
    await w.updateSettings.execute({ link_domains: ['hotelmar.example'] }, admin);
    const { data } = await w.create.execute(custom(w.b.id, 'Menu: https://hotelmar.example/menu'), agent, TRAVELER);
    await w.updateSettings.execute({ link_domains: [] }, admin);
    await w.send.execute(TENANT, data.id);
    expect(w.notifier.delivered[0]!.body).toContain('Menu: [link removed]');
    const kept = await w.create.execute(custom(w.b.id, 'Breakfast from 7:00.'), agent, TRAVELER);
    await w.send.execute(TENANT, kept.data.id);
    expect(w.notifier.delivered[1]!.body).toContain('Breakfast from 7:00.');
  });

  it('settings: admins only, every bad field at once', async () => {
    const w = world();
    await expect(codeOf(w.getSettings.execute({}, { tenantId: TENANT, principalId: AGENT, kind: 'agent' }))).resolves.toBe('principal_kind_not_allowed');
    const bad = await w.updateSettings
      .execute({ sender_name: 'Evil <x@y>', reply_to: 'not an address', link_domains: ['ok.example', 'HTTP://x', 'ok.example'] }, admin)
      .catch((e: DomainError) => e);
    expect((bad as DomainError).detail.field_errors).toEqual([
      { path: 'sender_name', message: expect.any(String) },
      { path: 'reply_to', message: expect.any(String) },
      { path: 'link_domains[1]', message: expect.any(String) },
      { path: 'link_domains[2]', message: 'is listed twice' },
    ]);
    expect(w.settings.rows.size).toBe(0);
  });
});
