import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AppConfig, RequestContext } from '@hcs/platform';
import type { AuditActor, BookingRecord } from '../../booking/chain.types';
import { AuditLog } from '../../booking/ports/audit-log';
import { BookingRepository } from '../../booking/ports/booking.repository';
import { OutboxWriter } from '../../booking/ports/outbox-writer';
import { DEFAULT_CHECKIN_TIME } from '../../booking/rules/policy-snapshot';
import type { Address } from '../../catalog/catalog';
import { PropertyRepository } from '../../catalog/ports/property.repository';
import type { FollowUpRecord, RenderedMessage } from '../follow-up.types';
import { followUpView } from '../follow-up.view';
import { FollowUpRepository } from '../ports/follow-up.repository';
import { GuestNotifier } from '../ports/guest-notifier';
import { DEFAULT_FOLLOW_UP_SETTINGS, FollowUpSettingsRepository } from '../ports/follow-up-settings.repository';
import { senderFor } from '../rules/follow-up-settings';
import { retryDelaySeconds } from '../rules/follow-up-schedule';
import { localeForCountry, renderFollowUp } from '../rules/follow-up-templates';
import { bookingChain, chainAuditEvent } from '../../booking/rules/audit-entry';
import { FollowUpJobs } from './follow-up-jobs';

/**
 * How long one delivery attempt owns a follow-up. A worker killed mid-attempt leaves the lease
 * behind; once it lapses the follow-up is claimable again (docs/follow-ups.md).
 */
export const FOLLOW_UP_LEASE_SECONDS = 120;
const ERROR_MAX = 500;
const SYSTEM: AuditActor = { kind: 'system', id: 'guest-follow-up' };

export type FollowUpSendResult = { result: 'sent' | 'retrying' | 'failed' | 'skipped' } | { result: 'not_due'; dueInMs: number };

/**
 * Delivers one follow-up (the worker's job and sweep): claims it with a conditional UPDATE (one
 * attempt at a time, never after it was sent or cancelled, only through the channel it was
 * scheduled for: a sandbox worker never marks an email follow-up sent), renders it from the booking's facts,
 * hands it to the `GuestNotifier`, then marks it `sent` with the rendered message, audit and
 * outbox `follow_up.sent` in one transaction. A refused delivery is retried on the webhooks'
 * schedule, then marked `failed` with the error (audit and outbox `follow_up.failed`).
 */
@Injectable()
export class SendFollowUp {
  private readonly logger = new Logger('SendFollowUp');

  constructor(
    private readonly followUps: FollowUpRepository,
    private readonly bookings: BookingRepository,
    private readonly properties: PropertyRepository,
    private readonly notifier: GuestNotifier,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly jobs: FollowUpJobs,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
    private readonly settings: FollowUpSettingsRepository,
  ) {}

  async execute(tenantId: string, followUpId: string): Promise<FollowUpSendResult> {
    const claimed = await this.followUps.claim(tenantId, followUpId, this.notifier.channel, FOLLOW_UP_LEASE_SECONDS);
    if (!claimed) {
      const current = await this.followUps.findById(tenantId, followUpId);
      const dueInMs = current ? current.sendAt.getTime() - Date.now() : 0;
      const mine = current?.state === 'scheduled' && current.channel === this.notifier.channel;
      return mine && dueInMs > 0 ? { result: 'not_due', dueInMs } : { result: 'skipped' };
    }
    const booking = await this.bookings.findById(tenantId, claimed.bookingId);
    if (!booking) return { result: 'skipped' };
    let rendered: RenderedMessage;
    try {
      rendered = await this.render(claimed, booking);
      await this.notifier.deliver(rendered);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      this.logger.warn(`follow-up ${claimed.id} attempt ${claimed.attempts} failed: ${message}`);
      return { result: await this.attemptFailed(claimed, booking, message) };
    }
    return { result: await this.delivered(claimed, booking, rendered) };
  }

  /**
   * The sweep: sends every due follow-up whose job was lost, then enqueues the jobs of those coming
   * due within reach (`FollowUpJobs`). Returns how many were sent.
   */
  async sweep(limit = 200): Promise<number> {
    let sent = 0;
    for (const due of await this.followUps.listDue(this.notifier.channel, limit)) {
      if ((await this.execute(due.tenantId, due.id)).result === 'sent') sent += 1;
    }
    await this.jobs.enqueueComingDue(this.notifier.channel, this.context.traceId);
    return sent;
  }

  private async render(f: FollowUpRecord, booking: BookingRecord): Promise<RenderedMessage> {
    const property = await this.properties.findById(booking.tenantId, booking.propertyId);
    const locale = localeForCountry(property?.address.country);
    const { subject, body } = renderFollowUp(
      f.kind,
      locale,
      {
        guestName: booking.guest.primary.full_name,
        propertyName: property?.name ?? '',
        checkIn: booking.stay.check_in,
        checkOut: booking.stay.check_out,
        checkInTime: property?.checkinTime?.slice(0, 5) ?? DEFAULT_CHECKIN_TIME,
        address: property ? oneLine(property.address) : '',
      },
      f.message,
    );
    // The tenant's own sender name and reply-to, at the shared envelope address (docs/follow-ups.md "Sender and links").
    const tenantSettings = (await this.settings.get(booking.tenantId)) ?? { ...DEFAULT_FOLLOW_UP_SETTINGS, tenantName: '' };
    const sender = senderFor(tenantSettings, this.config.followUpFrom);
    return { to: booking.guest.primary.email, from: sender.from, reply_to: sender.replyTo, subject, body, locale };
  }

  @Transactional()
  private async delivered(f: FollowUpRecord, booking: BookingRecord, rendered: RenderedMessage): Promise<'sent' | 'skipped'> {
    const sent = await this.followUps.markSent(f.tenantId, f.id, rendered);
    if (!sent) return 'skipped';
    await this.record('follow_up.sent', sent, booking, { channel: sent.channel, locale: rendered.locale });
    return 'sent';
  }

  @Transactional()
  private async attemptFailed(f: FollowUpRecord, booking: BookingRecord, error: string): Promise<'retrying' | 'failed' | 'skipped'> {
    const delay = retryDelaySeconds(f.attempts, this.config.webhookRetryScheduleSeconds);
    if (delay !== null) {
      const later = await this.followUps.retryLater(f.tenantId, f.id, new Date(Date.now() + delay * 1000), error);
      if (!later) return 'skipped';
      const traceId = this.context.traceId;
      this.jobs.enqueueAfterCommit(`follow-up ${later.id} retry job`, [{ tenantId: later.tenantId, id: later.id, sendAt: later.sendAt }], traceId);
      return 'retrying';
    }
    const failed = await this.followUps.markFailed(f.tenantId, f.id, error);
    if (!failed) return 'skipped';
    await this.record('follow_up.failed', failed, booking, { channel: failed.channel, attempts: failed.attempts, error });
    return 'failed';
  }

  private async record(type: 'follow_up.sent' | 'follow_up.failed', f: FollowUpRecord, booking: BookingRecord, data: Record<string, unknown>): Promise<void> {
    const traceId = this.context.traceId;
    await this.audit.append(
      chainAuditEvent({ ...bookingChain(booking), tenantId: f.tenantId }, type, { actor: SYSTEM, traceId }, { follow_up_id: f.id, kind: f.kind, ...data }),
    );
    await this.outbox.append({ tenantId: f.tenantId, type, aggregateType: 'follow_up', aggregateId: f.id, traceId, payload: { ...followUpView(f) } });
  }
}

function oneLine(address: Address): string {
  return [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.region, address.country]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(', ');
}
