import type { DomainError } from './domain-error';

const CONTINUATION = Symbol('hcs:continuation');

/**
 * Marks an error as "answered early, still running": e.g. `payment_timeout` while the payment
 * goes on. `settled` resolves (or rejects with a DomainError) with the final outcome, which the
 * idempotency layer stores so that a replay with the same key gets it.
 */
export function withContinuation<E extends DomainError>(error: E, settled: Promise<unknown>): E {
  Object.defineProperty(error, CONTINUATION, { value: settled, enumerable: false });
  return error;
}

export function continuationOf(error: unknown): Promise<unknown> | undefined {
  if (!error || typeof error !== 'object') return undefined;
  return (error as { [CONTINUATION]?: Promise<unknown> })[CONTINUATION];
}
