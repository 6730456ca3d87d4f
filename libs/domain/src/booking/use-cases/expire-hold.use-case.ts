import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { RequestContext } from '@hcs/platform';
import { stayNights } from '../../stay/stay-rules';
import type { AuditActor } from '../chain.types';
import { AuditLog, HoldRepository, RoomNightReservations, OutboxWriter, QuoteRepository } from '../ports/chain.repositories';
import { holdView } from '../views';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';

export type ExpiryResult = 'expired' | 'not_due' | 'not_held' | 'not_found';

const SYSTEM: AuditActor = { kind: 'system', id: 'hold-expiry' };

/**
 * Expires a `held` hold whose TTL has passed (decided in SQL by the database clock) and gives its
 * rooms back, with audit and outbox `hold.expired`, in one transaction. Used by the worker's
 * delayed job and sweep, and by the booking path when it meets an expired hold.
 */
@Injectable()
export class ExpireHold {
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
    await this.inventory.releaseHeld(tenantId, hold.roomTypeId, stayNights(hold.stay));
    const traceId = this.context.traceId;
    const quote = await this.quotes.findById(tenantId, hold.quoteId);
    if (!quote) throw new Error(`hold ${hold.id} names quote ${hold.quoteId}, which does not exist`);
    await this.audit.append({
      tenantId,
      quoteId: hold.quoteId,
      holdId: hold.id,
      type: 'hold.expired',
      actor,
      traceId,
      data: { expires_at: hold.expiresAt.toISOString() },
    });
    await this.outbox.append({
      tenantId,
      type: 'hold.expired',
      aggregateType: 'hold',
      aggregateId: hold.id,
      traceId,
      payload: holdView(hold, quote),
    });
    return 'expired';
  }

  /** Expires every overdue hold (each in its own transaction); returns how many were expired. */
  async sweep(limit = 500): Promise<number> {
    const due = await this.holds.listExpiredHeld(limit);
    let expired = 0;
    for (const { tenantId, holdId } of due) {
      if ((await this.expireDue(tenantId, holdId)) === 'expired') expired += 1;
    }
    return expired;
  }
}
