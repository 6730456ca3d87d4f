import type { ErrorCode } from '@hcs/contracts';

/**
 * `client_reference` (docs/booking-chain.md "After a timeout"): a name the agent gives one booking
 * so that it can ask what became of it after a timeout and never book it twice.
 */
export const CLIENT_REFERENCE_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
export const CLIENT_REFERENCE_RULE = '1 to 64 characters: letters A-Z a-z, digits 0-9, ".", "_", ":" and "-"';

export type ClientReferenceState = 'pending' | 'confirmed' | 'failed';

/** The failure a reference ended with, as the confirmation answered it. */
export interface ClientReferenceFailure {
  code: ErrorCode;
  status: number;
  detail: Record<string, unknown>;
}

export interface ClientReferenceRecord {
  tenantId: string;
  agentId: string;
  clientReference: string;
  holdId: string;
  state: ClientReferenceState;
  attemptId: string | null;
  idempotencyKey: string | null;
  bookingId: string | null;
  failure: ClientReferenceFailure | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a confirmation naming a reference does, given what the reference already stands for. */
export type ClientReferenceDecision =
  | { kind: 'proceed' }
  | { kind: 'conflict'; holdId: string }
  | { kind: 'answer_booking'; bookingId: string }
  | { kind: 'answer_failure'; failure: ClientReferenceFailure }
  | { kind: 'wait' };

/** Failures of a provider that charged nothing and may be retried with the same reference. */
const RETRYABLE: ReadonlySet<string> = new Set(['payment_provider_error']);

export function clientReferenceDecision(record: ClientReferenceRecord | null, holdId: string, idempotencyKey: string): ClientReferenceDecision {
  if (!record) return { kind: 'proceed' };
  if (record.holdId !== holdId) return { kind: 'conflict', holdId: record.holdId };
  if (record.state === 'confirmed' && record.bookingId) return { kind: 'answer_booking', bookingId: record.bookingId };
  if (record.state === 'failed' && record.failure) {
    return RETRYABLE.has(record.failure.code) ? { kind: 'proceed' } : { kind: 'answer_failure', failure: record.failure };
  }
  // pending: the same attempt coming back resumes it (the hold is converting under its key); another waits for it
  return record.idempotencyKey === idempotencyKey ? { kind: 'proceed' } : { kind: 'wait' };
}

/**
 * The failures that end a reference: the payment's (a decline; a provider error, which a retry with
 * the same reference may take over) and the hold's end (expired, or converted or released by
 * another confirmation). What the agent can fix and send again (validation, auth, a wrong quote id,
 * a missing booking authorization, an unknown hold) and `payment_timeout` (still pending) are not.
 */
const DEFINITE_FAILURES: ReadonlySet<string> = new Set(['payment_failed', 'payment_provider_error', 'hold_expired', 'hold_not_active']);

export function isDefiniteFailure(code: string): boolean {
  return DEFINITE_FAILURES.has(code);
}

/**
 * The idempotency key of a confirmation sent with a client_reference and no Idempotency-Key: one of
 * its own (`nonce`), so that two such confirmations never share a payment attempt; the reference
 * alone decides between them (the second waits for the first and answers its booking).
 */
export function clientReferenceKey(clientReference: string, nonce: string): string {
  return `client_reference:${clientReference}:${nonce}`;
}

/** Seconds an agent should wait before asking again about a pending reference. */
export function pendingRetryAfter(record: ClientReferenceRecord, paymentTimeoutMs: number, now: Date): number {
  const settlesBy = record.updatedAt.getTime() + paymentTimeoutMs;
  return Math.max(1, Math.ceil((settlesBy - now.getTime()) / 1000));
}
