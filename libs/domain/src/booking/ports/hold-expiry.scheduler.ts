/**
 * Port: schedules the expiry of a hold at its TTL, the one expiry mechanism (docs/booking-chain.md
 * "Expiry"; a BullMQ delayed job with the deterministic id `hold-expiry-<hold_id>` in production).
 */
export abstract class HoldExpiryScheduler {
  abstract schedule(tenantId: string, holdId: string, expiresAt: Date, traceId: string): Promise<void>;
  /**
   * Drops the expiry job of a hold converted to a booking, which no longer needs one: left alone,
   * the job fires at the TTL and ends at one read (docs/booking-chain.md "Expiry"). A job that
   * cannot be dropped (Redis away, the job running, its enqueue not arrived yet) still ends that way.
   */
  abstract cancel(holdId: string): Promise<void>;
}
