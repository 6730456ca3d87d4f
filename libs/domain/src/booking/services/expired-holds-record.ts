import type { AuditActor } from '../chain.types';
import type { AuditLog } from '../ports/audit-log';
import type { ExpiredHold } from '../ports/due-hold-expiry';
import type { OutboxWriter } from '../ports/outbox-writer';
import { holdExpiredEvents } from '../rules/hold-expired-events';

/** Who expires holds in the worker's batches. */
export const HOLD_EXPIRY_ACTOR: AuditActor = { kind: 'system', id: 'hold-expiry' };

/**
 * The audit entries and outbox events `hold.expired` of holds a batch has just expired,
 * in two statements whatever their number (the caller's transaction); `traceOf` names each one's trace.
 */
export async function recordExpiredHolds<T extends ExpiredHold>(
  audit: AuditLog,
  outbox: OutboxWriter,
  expired: T[],
  traceOf: (expired: T) => string,
): Promise<void> {
  if (expired.length === 0) return;
  const events = expired.map((e) => holdExpiredEvents(e.hold.tenantId, e.hold, e.quote, { actor: HOLD_EXPIRY_ACTOR, traceId: traceOf(e) }));
  await audit.appendAll(events.map((e) => e.audit));
  await outbox.appendAll(events.map((e) => e.outbox));
}
