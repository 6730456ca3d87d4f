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
 * Port: the worker's batch expiry of the holds whose expiry jobs fired together (docs/performance.md
 * "The sweep of due holds"). In one statement, inside the caller's transaction: the listed holds that are
 * `held` and past their TTL by the database clock become `expired` and their rooms go back (night
 * counters locked in a fixed order). A hold another transaction has locked is skipped, never waited
 * for: a booking in progress is not delayed, and two workers never expire the same hold.
 */
export abstract class DueHoldExpiry {
  /** The listed holds (of expiry jobs that fired together); returns those it expired, each with its quote. */
  abstract expire(holds: DueHoldRef[]): Promise<ExpiredHold[]>;

  /** The listed holds that are no longer `held` (expired, booked, released) or do not exist. */
  abstract settled(holds: DueHoldRef[]): Promise<string[]>;
}
