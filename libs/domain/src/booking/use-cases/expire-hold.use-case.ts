import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { RequestContext, serializeError } from '@hcs/platform';
import { stayNights } from '../../stay/stay-rules';
import type { AuditActor } from '../chain.types';
import { AuditLog } from '../ports/audit-log';
import { HoldRepository } from '../ports/hold.repository';
import { OutboxWriter } from '../ports/outbox-writer';
import { QuoteRepository } from '../ports/quote.repository';
import { ReclaimedHold, RoomNightReservations } from '../ports/room-night-reservations';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';
import { SWEEP_MAX_ATTEMPTS, sweepErrorText } from '../rules/sweep-attempts';
import { holdExpiredEvents } from '../rules/hold-expired-events';
import { backstopSweepsAgain } from '../rules/hold-expiry-timing';

export type ExpiryResult = 'expired' | 'not_due' | 'not_held' | 'not_found';

export interface ExpirySweepReport {
  expired: number;
  failed: number;
  dead_lettered: number;
}

const SYSTEM: AuditActor = { kind: 'system', id: 'hold-expiry' };

/**
 * Expires a `held` hold whose TTL has passed (decided in SQL by the database clock) and gives its
 * rooms back, with audit and outbox `hold.expired`, in one transaction. Used by the worker's
 * expiry job (for a hold its batch left undecided) and backstop sweep, and by the booking path when
 * it meets an expired hold.
 */
@Injectable()
export class ExpireHold {
  private readonly logger = new Logger('ExpireHold');

  constructor(
    private readonly holds: HoldRepository,
    private readonly quotes: QuoteRepository,
    private readonly inventory: RoomNightReservations,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly context: RequestContext,
  ) {}

  @Transactional()
  async expireDue(tenantId: string, holdId: string, actor: AuditActor = SYSTEM): Promise<ExpiryResult> {
    const hold = await this.holds.transition(tenantId, holdId, holdStatesAllowing('expire'), holdTarget('expire'), { onlyIfExpired: true });
    if (!hold) {
      const current = await this.holds.findById(tenantId, holdId);
      if (!current) return 'not_found';
      return current.state === 'held' ? 'not_due' : 'not_held';
    }
    await this.record(tenantId, hold, { actor });
    // The rooms go back last: inventory rows (and the room type's feed stamp, docs/feeds.md) stay
    // locked only from here to the commit, so concurrent expiries of one room type barely queue.
    await this.inventory.releaseHeld(tenantId, hold.roomTypeId, stayNights(hold.stay), hold.units);
    return 'expired';
  }

  /**
   * Writes the audit entry and outbox event `hold.expired` of a hold that has just been expired in
   * the caller's transaction: by this use case, or reclaimed by a reservation that needed its rooms
   * (then the audit data says `reclaimed: true`; the outbox event is the same either way).
   */
  async record(tenantId: string, hold: ReclaimedHold, options: { actor?: AuditActor; reclaimed?: boolean } = {}): Promise<void> {
    const quote = await this.quotes.findById(tenantId, hold.quoteId);
    if (!quote) throw new Error(`hold ${hold.id} names quote ${hold.quoteId}, which does not exist`);
    const events = holdExpiredEvents(tenantId, hold, quote, { actor: options.actor ?? SYSTEM, traceId: this.context.traceId, reclaimed: options.reclaimed });
    await this.audit.append(events.audit);
    await this.outbox.append(events.outbox);
  }

  /**
   * The backstop of the per-hold expiry jobs (docs/booking-chain.md "Expiry"), run by a repeatable
   * job every HOLD_SWEEP_INTERVAL_SECONDS. It first asks, in one indexed read outside any
   * transaction, for up to `limit` held holds overdue by at least `overdueMs` (their job is missing),
   * so a run that finds none costs that one statement. Each hold found is then expired in its own
   * transaction; a hold that fails is counted on its row and skipped for this run while the others
   * go on (dead-lettered after SWEEP_MAX_ATTEMPTS). A full batch that expired something is followed
   * by another read in the same run (`backstopSweepsAgain`).
   */
  async sweep(limit = 500, options: { overdueMs?: number } = {}): Promise<ExpirySweepReport> {
    const report: ExpirySweepReport = { expired: 0, failed: 0, dead_lettered: 0 };
    for (;;) {
      const due = await this.holds.listExpiredHeld(limit, options.overdueMs ?? 0);
      let expired = 0;
      for (const { tenantId, holdId } of due) {
        try {
          if ((await this.expireDue(tenantId, holdId)) === 'expired') expired += 1;
        } catch (error) {
          report.failed += 1;
          const failure = await this.holds.recordExpiryFailure(tenantId, holdId, sweepErrorText(error), SWEEP_MAX_ATTEMPTS);
          if (failure.deadLettered) report.dead_lettered += 1;
          const what = failure.deadLettered ? 'dead-lettered' : `will retry (attempt ${failure.attempts} of ${SWEEP_MAX_ATTEMPTS})`;
          this.logger.error({ err: serializeError(error), tenant_id: tenantId, hold_id: holdId }, `hold ${holdId} could not be expired; ${what}`);
        }
      }
      report.expired += expired;
      if (!backstopSweepsAgain({ listed: due.length, expired }, limit)) return report;
    }
  }
}
