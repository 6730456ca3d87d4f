/**
 * Port: what sandbox scenarios change for real before the normal path runs into the failure
 * (docs/sandbox.md), so that the failure is the real one with all its effects.
 */
export abstract class SandboxEffects {
  /** The quote's lifetime ends now; returns the new `expires_at`. */
  abstract expireQuoteNow(tenantId: string, quoteId: string): Promise<Date>;
  /** The live hold's lifetime ends now; returns the new `expires_at` (null when it was not `held`). */
  abstract expireHoldNow(tenantId: string, holdId: string): Promise<Date | null>;
  /** The webhook deliveries of the events written under this trace fail until replayed. */
  abstract markReceiverDown(tenantId: string, traceId: string): Promise<void>;
}
