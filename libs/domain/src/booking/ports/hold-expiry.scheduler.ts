/** Port: schedules the clean-up of a hold at its TTL (BullMQ delayed job in production). */
export abstract class HoldExpiryScheduler {
  abstract schedule(tenantId: string, holdId: string, expiresAt: Date, traceId: string): Promise<void>;
}
