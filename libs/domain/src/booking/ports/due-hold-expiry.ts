import type { HoldRecord, QuoteRecord } from '../chain.types';

export interface DueHoldRef {
  tenantId: string;
  holdId: string;
}

export interface ExpiredHold {
  hold: HoldRecord;
  quote: QuoteRecord;
}

/** A hold the sweep expired, with the trace of the request that created it (null if none is recorded). */
export interface SweptHold extends ExpiredHold {
  traceId: string | null;
}

/**
 * Port: the worker's batch expiry (docs/performance.md "Regressions of the second round", "The
 * sweep of due holds"). In one statement, inside the caller's transaction: the holds chosen that are
 * `held` and past their TTL by the database clock become `expired` and their rooms go back (night
 * counters locked in a fixed order). A hold another transaction has locked is skipped, never waited
 * for: a booking in progress is not delayed, and two workers never expire the same hold.
 */
export abstract class DueHoldExpiry {
  /** The listed holds (of expiry jobs that fired together); returns those it expired, each with its quote. */
  abstract expire(holds: DueHoldRef[]): Promise<ExpiredHold[]>;

  /**
   * The sweep: up to `limit` held holds past their TTL, chosen by the database, oldest first (a hold
   * the per-hold path dead-lettered is left alone). Returns those it expired.
   */
  abstract expireOverdue(limit: number): Promise<SweptHold[]>;

  /** The listed holds that are no longer `held` (expired, booked, released) or do not exist. */
  abstract settled(holds: DueHoldRef[]): Promise<string[]>;
}
