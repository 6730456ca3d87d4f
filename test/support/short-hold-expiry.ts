/**
 * A hold's TTL for the whole-system counts (the e2e test and the bench's): short, so the expiry job
 * of every hold of a run fires inside the run's window when it is still there, and the count
 * includes what a chain costs later. With the default TTL of 15 minutes the job would fire after
 * every window and go uncounted (docs/performance.md, "A booked hold's expiry job").
 */
export const SHORT_HOLD_EXPIRY_ENV = { HOLD_TTL_SECONDS: '5' };

/** How long after a hold is taken its expiry job is due (at the TTL), and has had a second to run. */
export const SHORT_HOLD_EXPIRY_DUE_MS = Number(SHORT_HOLD_EXPIRY_ENV.HOLD_TTL_SECONDS) * 1000 + 1000;
