import type { AuditActor, BookingRecord, Traveler } from '../chain.types';
import type { ChainAuditEntry } from '../ports/chain-audit-entry';
import type { NewAuditEvent } from '../ports/audit-log';

/** Who acts, as use cases know them (the chain actor, the advisor actor and the auth `Actor` fit). */
export interface ActingPrincipal {
  kind: AuditActor['kind'] | 'channel';
  principalId: string;
}

/** The audit actor of a principal. Channel managers only send ARI (docs/channels.md): the booking chain refuses them before any audit. */
export function auditActor(principal: ActingPrincipal): AuditActor {
  if (principal.kind === 'channel') throw new Error('a channel principal has no booking audit actor');
  return { kind: principal.kind, id: principal.principalId };
}

/** What every entry a use case writes carries: who, for which traveler, under which trace. */
export interface AuditContext {
  actor: AuditActor;
  traceId: string;
  traveler?: Traveler | null;
}

/**
 * One audit entry of a change. Written by the statement that makes the change (the chain ids come
 * from its rows), or, with `chainAuditEvent`, appended on its own.
 */
export function auditEntry(type: string, context: AuditContext, data?: Record<string, unknown>): ChainAuditEntry {
  const entry: ChainAuditEntry = { type, actor: context.actor, traceId: context.traceId };
  if (context.traveler !== undefined) entry.traveler = context.traveler;
  if (data !== undefined) entry.data = data;
  return entry;
}

/** The chain (quote, and hold and booking once they exist) an appended entry belongs to. */
export interface AuditChain {
  tenantId: string;
  quoteId: string;
  holdId?: string | null;
  bookingId?: string | null;
}

/** An entry appended on its own, numbered in the chain's timeline. */
export function chainAuditEvent(chain: AuditChain, type: string, context: AuditContext, data?: Record<string, unknown>): NewAuditEvent {
  return { ...chain, ...auditEntry(type, context, data) };
}

/** The chain of a booking: its quote, hold and itself. */
export function bookingChain(booking: Pick<BookingRecord, 'tenantId' | 'quoteId' | 'holdId' | 'id'>): AuditChain {
  return { tenantId: booking.tenantId, quoteId: booking.quoteId, holdId: booking.holdId, bookingId: booking.id };
}
