/**
 * When hold expiry runs (docs/booking-chain.md "Expiry"). The mechanism is one delayed job per
 * hold that fires at the hold's `expires_at`; the backstop is a rare sweep for holds whose job is
 * missing (lost with Redis, never enqueued, given up after its retries).
 */

/**
 * The delay of a hold's expiry job: until `expires_at` by the enqueuing process's clock, never
 * negative. A job that fires before the database clock says the hold is due is retried shortly.
 */
export function holdExpiryJobDelayMs(expiresAt: Date, nowMs: number): number {
  return Math.max(0, expiresAt.getTime() - nowMs);
}

/**
 * The backstop leaves to their jobs the holds that fell due less than this long ago: a job fires at
 * `expires_at` and retries for about two seconds, so a hold still `held` past this has lost its job.
 * (Were both to meet one hold, the conditional UPDATE still expires it once.)
 */
export const HOLD_EXPIRY_BACKSTOP_OVERDUE_MS = 3000;

/**
 * Whether the backstop takes another batch in the same run: only after a full batch of which at
 * least one hold was expired. A short batch means nothing else is due; a full batch that expired
 * nothing (every hold failing, or taken meanwhile) waits for the next run instead of spinning.
 */
export function backstopSweepsAgain(batch: { listed: number; expired: number }, limit: number): boolean {
  return batch.listed >= limit && batch.expired > 0;
}
