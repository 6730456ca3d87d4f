import type { HoldRecord, QuoteRecord } from '../chain.types';

export interface DueHoldRef {
  tenantId: string;
  holdId: string;
}

export interface ExpiredHold {
  hold: HoldRecord;
  quote: QuoteRecord;
}

/**
 * Port: the worker's batch expiry (docs/performance.md "Regressions of the second round"). In one
 * statement, inside the caller's transaction: every listed hold that is `held` and past its TTL by
 * the database clock becomes `expired` and its rooms go back (night counters locked in a fixed
 * order). A hold another transaction has locked is skipped, never waited for: its own job expires it.
 * Returns the holds it expired, each with its quote.
 */
export abstract class DueHoldExpiry {
  abstract expire(holds: DueHoldRef[]): Promise<ExpiredHold[]>;
}
