import type { IdempotentRequest, SealedResponse } from '../../idempotency/idempotent-request';
import type { Stay } from '../../stay/stay-rules';
import type { HoldRecord, HoldState, QuoteRecord } from '../chain.types';
import type { ClientReferenceRecord } from '../rules/client-reference';

/**
 * A hold to write. Its id and times are decided before the write, so its answer can be sealed under
 * the request's Idempotency-Key in the same statement (docs/booking-chain.md "Hold").
 */
export interface NewHold {
  id: string;
  tenantId: string;
  agentId: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  /** Rooms taken on every night (the quote's room count). */
  units: number;
  createdAt: Date;
  /** `createdAt` plus HOLD_TTL_SECONDS. */
  expiresAt: Date;
  /** The agent's ceiling of live holds: the write refuses itself (`hold_limit_reached`) when the agent has as many. */
  maxLiveHolds: number;
}

/** A hold written, and whether its request's idempotency record was sealed with it. */
export interface CreatedHold {
  hold: HoldRecord;
  sealed: boolean;
}

/** Port: holds. State changes are conditional UPDATEs: they return null when the hold was not in `from`. */
export abstract class HoldRepository {
  /** Writes the hold and, in the same statement, `idempotency` as its key's answer (only with the hold). */
  abstract create(input: NewHold, idempotency?: SealedResponse | null): Promise<CreatedHold>;
  abstract findById(tenantId: string, id: string): Promise<HoldRecord | null>;
  /** The hold and the quote it was taken from, in one read (the quote is null only if it vanished). */
  abstract findWithQuote(
    tenantId: string,
    id: string,
    /** The agent's client_reference to bring along (docs/booking-chain.md "After a timeout"): no extra round trip. */
    reference?: { agentId: string; clientReference: string } | null,
    /** The request whose pending key claim this read carries (`IdempotentRequest.pendingClaim`). */
    idempotency?: IdempotentRequest | null,
  ): Promise<{ hold: HoldRecord; quote: QuoteRecord | null; reference?: ClientReferenceRecord | null } | null>;
  /** Moves a hold from one of `from` to `to`; `onlyIfExpired`/`onlyIfLive` add the TTL test in SQL. */
  abstract transition(
    tenantId: string,
    id: string,
    from: HoldState[],
    to: HoldState,
    options?: { onlyIfExpired?: boolean; onlyIfLive?: boolean; convertingKey?: string | null; requireConvertingKey?: string },
  ): Promise<HoldRecord | null>;
  /**
   * Holds of any tenant that are `held` past their TTL by at least `overdueMs` and not
   * dead-lettered, oldest first (the backstop sweep's one indexed read, outside any transaction);
   * each is then expired by its own tenant-scoped transaction.
   */
  abstract listExpiredHeld(limit: number, overdueMs?: number): Promise<Array<{ tenantId: string; holdId: string }>>;
  /**
   * Counts a failed expiry of the hold (outside the failed transaction) and keeps the error; at
   * `maxAttempts` the hold is dead-lettered and `listExpiredHeld` skips it from then on.
   */
  abstract recordExpiryFailure(tenantId: string, holdId: string, error: string, maxAttempts: number): Promise<SweepFailure>;
}

/** What a sweep's failure bookkeeping says about a row after one more failed attempt. */
export interface SweepFailure {
  attempts: number;
  deadLettered: boolean;
}
