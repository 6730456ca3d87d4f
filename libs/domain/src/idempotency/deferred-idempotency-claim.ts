import type { IdempotencyScope } from './ports/idempotency.repository';

/** How the claim of a key made by a step's first statement ended. */
export type DeferredClaimOutcome =
  /** The statement inserted the in-progress record: this call owns the key. */
  | 'claimed'
  /** A record of the key exists (another request owns it, or its answer is sealed): the step must not go on. */
  | 'taken'
  /** The statement failed before the claim was made: nothing was claimed, nothing written. */
  | 'not_made';

/**
 * The claim of an idempotency key that rides on the first statement a step sends
 * (docs/performance.md, "Idempotency claim in the step's first read"), instead of a statement of
 * its own before the step. The idempotency service offers it for routes that opt in; the SQL
 * client makes it with the step's first statement and records the outcome here. Every later
 * statement of the step waits for that outcome, so no write of the step runs unless the key is
 * this call's.
 */
export interface DeferredIdempotencyClaim {
  scope: IdempotencyScope;
  requestHash: string;
  leaseMs: number;
  retentionHours: number;
  /** Null until the first statement takes the claim; then settles with its outcome. */
  outcome: Promise<DeferredClaimOutcome> | null;
  /** Called once the key is this call's (the owner's lease renewals start). */
  onClaimed: () => void;
}

/** Thrown into a step whose key turned out to be another request's: the step stops before any write. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the idempotency key is held by another request');
    this.name = 'IdempotencyKeyTaken';
  }
}
