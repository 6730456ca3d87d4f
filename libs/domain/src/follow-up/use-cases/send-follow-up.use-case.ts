import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AppConfig } from '@hcs/platform';
import type { AuditActor, BookingRecord } from '../../booking/chain.types';
import { BookingRepository } from '../../booking/ports/booking.repository';
import type { FollowUpRecord, RenderedMessage } from '../follow-up.types';
import { followUpView } from '../follow-up.view';
import { FollowUpRepository } from '../ports/follow-up.repository';
import { GuestNotifier } from '../ports/guest-notifier';
import { FollowUpQuota } from '../ports/follow-up-quota';
import { FOLLOW_UP_WINDOW_SECONDS, followUpQuotaRefusal } from '../rules/follow-up-quota';
import { retryDelaySeconds } from '../rules/follow-up-schedule';
import { bookingChain, chainAuditEvent } from '../../booking/rules/audit-entry';
import { ChainRecorder } from '../../booking/services/chain-recorder';
import { FollowUpJobs } from '../services/follow-up-jobs';
import { FollowUpRenderer } from '../services/follow-up-renderer';

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
 *
 * The follow-ups the booking scheduled by itself (`pre_arrival`, `post_stay`) use the same caps as
 * requested ones (docs/follow-ups.md "Caps"): they are counted here, when sent, not at confirmation
 * (the booking's statement stays as it is). One over FOLLOW_UP_MAX_PER_BOOKING_PER_DAY or
 * FOLLOW_UP_MAX_PER_TENANT_PER_DAY is not delivered: it is marked `failed` with the cap as its error.
 */
@Injectable()
export class SendFollowUp {
  private readonly logger = new Logger('SendFollowUp');

  constructor(
    private readonly followUps: FollowUpRepository,
    private readonly bookings: BookingRepository,
    private readonly renderer: FollowUpRenderer,
    private readonly notifier: GuestNotifier,
    private readonly recorder: ChainRecorder,
    private readonly jobs: FollowUpJobs,
    private readonly quota: FollowUpQuota,
    private readonly config: AppConfig,
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
    if (claimed.origin === 'booking') {
      const refused = await this.refuseOverCap(claimed, booking);
      if (refused) return { result: refused };
    }
    let rendered: RenderedMessage;
    try {
      rendered = await this.renderer.render(claimed, booking);
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
    await this.jobs.enqueueComingDue(this.notifier.channel, this.recorder.traceId);
    return sent;
  }

  @Transactional()
  private async delivered(f: FollowUpRecord, booking: BookingRecord, rendered: RenderedMessage): Promise<'sent' | 'skipped'> {
    const sent = await this.followUps.markSent(f.tenantId, f.id, rendered);
    if (!sent) return 'skipped';
    await this.record('follow_up.sent', sent, booking, { channel: sent.channel, locale: rendered.locale });
    return 'sent';
  }

  /**
   * Counts the tenant's follow-ups of the rolling day (requested ones at creation, automatic ones
   * once sent) under the quota's per-tenant lock; over a cap, marks this one `failed` with the cap
   * as its error, audited and published like any failure. Null when it may be sent.
   */
  @Transactional()
  private async refuseOverCap(f: FollowUpRecord, booking: BookingRecord): Promise<'failed' | 'skipped' | null> {
    const now = new Date();
    const counts = await this.quota.countRecent(f.tenantId, f.bookingId, new Date(now.getTime() - FOLLOW_UP_WINDOW_SECONDS * 1000));
    const caps = { perBooking: this.config.followUpMaxPerBookingPerDay, perTenant: this.config.followUpMaxPerTenantPerDay };
    const refusal = followUpQuotaRefusal(counts, caps, now);
    if (!refusal) return null;
    const setting = refusal.scope === 'booking' ? 'FOLLOW_UP_MAX_PER_BOOKING_PER_DAY' : 'FOLLOW_UP_MAX_PER_TENANT_PER_DAY';
    const error = `Not sent: at most ${refusal.limit} follow-ups per ${refusal.scope} in a rolling day (${setting}).`;
    this.logger.warn(`follow-up ${f.id} not sent: ${refusal.scope} cap of ${refusal.limit} reached`);
    const failed = await this.followUps.markFailed(f.tenantId, f.id, error);
    if (!failed) return 'skipped';
    await this.record('follow_up.failed', failed, booking, {
      channel: failed.channel,
      attempts: failed.attempts,
      error,
      scope: `follow_ups_per_${refusal.scope}`,
      limit: refusal.limit,
    });
    return 'failed';
  }

  @Transactional()
  private async attemptFailed(f: FollowUpRecord, booking: BookingRecord, error: string): Promise<'retrying' | 'failed' | 'skipped'> {
    const delay = retryDelaySeconds(f.attempts, this.config.webhookRetryScheduleSeconds);
    if (delay !== null) {
      const later = await this.followUps.retryLater(f.tenantId, f.id, new Date(Date.now() + delay * 1000), error);
      if (!later) return 'skipped';
      this.jobs.enqueueAfterCommit(
        `follow-up ${later.id} retry job`,
        [{ tenantId: later.tenantId, id: later.id, sendAt: later.sendAt }],
        this.recorder.traceId,
      );
      return 'retrying';
    }
    const failed = await this.followUps.markFailed(f.tenantId, f.id, error);
    if (!failed) return 'skipped';
    await this.record('follow_up.failed', failed, booking, { channel: failed.channel, attempts: failed.attempts, error });
    return 'failed';
  }

  private async record(type: 'follow_up.sent' | 'follow_up.failed', f: FollowUpRecord, booking: BookingRecord, data: Record<string, unknown>): Promise<void> {
    await this.recorder.append(
      chainAuditEvent(
        { ...bookingChain(booking), tenantId: f.tenantId },
        type,
        { actor: SYSTEM, traceId: this.recorder.traceId },
        { follow_up_id: f.id, kind: f.kind, ...data },
      ),
    );
    await this.recorder.publish({ tenantId: f.tenantId, type, aggregateType: 'follow_up', aggregateId: f.id, payload: { ...followUpView(f) } });
  }
}
