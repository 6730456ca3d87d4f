import type { NewAuditEvent } from './audit-log';

/**
 * An audit entry written by the same statement as the change it records: the chain ids (quote,
 * hold, booking) come from the rows that statement writes.
 */
export type ChainAuditEntry = Pick<NewAuditEvent, 'type' | 'actor' | 'traveler' | 'traceId' | 'data'>;
