import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { Traveler } from '../../booking/chain.types';
import { nextActions } from '../../booking/next-actions';
import { ChainRecorder } from '../../booking/services/chain-recorder';
import type { FollowUpKind } from '../follow-up.types';
import { FollowUpView, followUpView } from '../follow-up.view';
import { FollowUpRepository } from '../ports/follow-up.repository';
import { GuestNotifier } from '../ports/guest-notifier';
import { FollowUpQuota } from '../ports/follow-up-quota';
import { FollowUpSettingsRepository } from '../ports/follow-up-settings.repository';
import { messageLinkProblem } from '../rules/follow-up-links';
import { FOLLOW_UP_WINDOW_SECONDS, followUpQuotaRefusal } from '../rules/follow-up-quota';
import { followUpRequestProblems } from '../rules/follow-up-request';
import { FollowUpAccess } from '../services/follow-up-access';
import { FollowUpJobs } from '../services/follow-up-jobs';
import { bookingChain, chainAuditEvent } from '../../booking/rules/audit-entry';

export interface CreateFollowUpCommand {
  bookingId: string;
  kind: string;
  message: string | null;
  /** RFC 3339; null sends it now. */
  sendAt: string | null;
}

/**
 * Schedules a message to the booking's guest at `send_at` (default now) on the configured
 * channel; the worker sends it. The row and its audit entry commit together; the worker's job is
 * enqueued after the commit (the sweep covers a lost one).
 *
 * Not a mail relay (docs/follow-ups.md "Caps", "Sender and links"): the message is plain text
 * (links only to the tenant's own domains, else validation_failed on `message`), and callers create
 * at most FOLLOW_UP_MAX_PER_BOOKING_PER_DAY per booking and FOLLOW_UP_MAX_PER_TENANT_PER_DAY per
 * tenant in a rolling day (`rate_limited` with `retry_after`).
 */
@Injectable()
export class CreateFollowUp {
  constructor(
    private readonly access: FollowUpAccess,
    private readonly followUps: FollowUpRepository,
    private readonly notifier: GuestNotifier,
    private readonly recorder: ChainRecorder,
    private readonly jobs: FollowUpJobs,
    private readonly settings: FollowUpSettingsRepository,
    private readonly quota: FollowUpQuota,
    private readonly config: AppConfig,
  ) {}

  @Transactional()
  async execute(command: CreateFollowUpCommand, actor: Caller, traveler: Traveler | null): Promise<Outcome<FollowUpView>> {
    const booking = await this.access.require(command.bookingId, actor, traveler);
    const now = new Date();
    const problems = followUpRequestProblems({ kind: command.kind, message: command.message, sendAt: command.sendAt }, now);
    if (command.message !== null && !problems.some((p) => p.path === 'message')) {
      const linkDomains = (await this.settings.get(actor.tenantId))?.linkDomains ?? [];
      const linkProblem = messageLinkProblem(command.message, linkDomains);
      if (linkProblem) problems.push({ path: 'message', message: linkProblem });
    }
    if (problems.length > 0) throw validationFailed(problems);
    const counts = await this.quota.countRecent(actor.tenantId, booking.id, new Date(now.getTime() - FOLLOW_UP_WINDOW_SECONDS * 1000));
    const caps = { perBooking: this.config.followUpMaxPerBookingPerDay, perTenant: this.config.followUpMaxPerTenantPerDay };
    const refusal = followUpQuotaRefusal(counts, caps, now);
    if (refusal) {
      throw new DomainError('rate_limited', {
        message: `At most ${refusal.limit} follow-ups per ${refusal.scope} in a rolling day.`,
        retryAfter: refusal.retryAfterSeconds,
        detail: { limit: refusal.limit, window_seconds: FOLLOW_UP_WINDOW_SECONDS, scope: `follow_ups_per_${refusal.scope}` },
      });
    }
    const requested = command.sendAt ? new Date(command.sendAt) : now;
    const by = { kind: actor.kind === 'admin' ? ('admin' as const) : ('agent' as const), id: actor.principalId };
    const [created] = await this.followUps.createMany([
      {
        tenantId: actor.tenantId,
        bookingId: booking.id,
        kind: command.kind as FollowUpKind,
        message: command.message,
        channel: this.notifier.channel,
        origin: 'request',
        sendAt: requested.getTime() < now.getTime() ? now : requested,
        createdBy: by,
      },
    ]);
    const traceId = this.recorder.traceId;
    await this.recorder.append(
      chainAuditEvent(
        { ...bookingChain(booking), tenantId: actor.tenantId },
        'follow_up.scheduled',
        { actor: by, traveler: traveler ?? null, traceId },
        {
          follow_up_id: created.id,
          kind: created.kind,
          send_at: created.sendAt.toISOString(),
        },
      ),
    );
    this.jobs.enqueueAfterCommit(`follow-up ${created.id} job`, [{ tenantId: created.tenantId, id: created.id, sendAt: created.sendAt }], traceId);
    return new Outcome(followUpView(created), { status: 201, next_actions: [nextActions.getBooking(booking), nextActions.audit(booking)] });
  }
}
