import type { ErrorCode } from '@hcs/contracts';

/** The route metadata key under which `@Idempotent()` records its options. */
export const IDEMPOTENT = 'hcs:idempotent';

export interface IdempotentOptions {
  /** A request without a key is `validation_failed` (POST /v1/bookings). */
  required: boolean;
  /** A required key may be left out when the body carries this field (POST /v1/bookings: `client_reference`). */
  unlessBodyField?: string;
  /**
   * What a duplicate gets when the first request with its key is still running after the wait:
   * `payment_timeout` for bookings (the outcome is not known yet), else `idempotency_conflict`.
   */
  stillRunning?: Extract<ErrorCode, 'payment_timeout' | 'idempotency_conflict'>;
  /** How long a duplicate waits for the first request: 10 s, or PAYMENT_TIMEOUT_MS + 5 s for bookings. */
  waitForPaymentBudget?: boolean;
  /**
   * The key is claimed by the use case's first read rather than by a statement of its own before
   * the use case (`IdempotentRequest.pendingClaim`, docs/booking-chain.md "Idempotency inside the
   * chain's statements"). Only for a route whose use case passes the request's record to its first
   * read and writes nothing before it.
   */
  claimOnFirstRead?: boolean;
}
