import type { AuditActor, QuoteRecord } from '../chain.types';
import type { NewAuditEvent } from '../ports/audit-log';
import type { NewOutboxEvent } from '../ports/outbox-writer';
import type { ReclaimedHold } from '../ports/room-night-reservations';
import { holdView } from '../views';
import { chainAuditEvent } from './audit-entry';

/**
 * The audit entry and outbox event `hold.expired` of a hold that has just been expired (by the
 * worker, one at a time or in a batch, or reclaimed by a reservation: then the audit data says
 * `reclaimed: true`; the outbox event is the same either way).
 */
export function holdExpiredEvents(
  tenantId: string,
  hold: ReclaimedHold,
  quote: QuoteRecord,
  context: { actor: AuditActor; traceId: string; reclaimed?: boolean },
): { audit: NewAuditEvent; outbox: NewOutboxEvent } {
  const expiresAt = hold.expiresAt.toISOString();
  return {
    audit: chainAuditEvent(
      { tenantId, quoteId: hold.quoteId, holdId: hold.id },
      'hold.expired',
      { actor: context.actor, traceId: context.traceId },
      context.reclaimed ? { expires_at: expiresAt, reclaimed: true } : { expires_at: expiresAt },
    ),
    outbox: {
      tenantId,
      type: 'hold.expired',
      aggregateType: 'hold',
      aggregateId: hold.id,
      traceId: context.traceId,
      payload: holdView({ ...hold, state: 'expired' }, quote),
    },
  };
}
