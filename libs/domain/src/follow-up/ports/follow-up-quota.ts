/** How many follow-ups callers created since a moment, and the oldest of them (the window's edge). */
export interface RequestCount {
  count: number;
  oldest: Date | null;
}

/**
 * Port: the follow-ups callers created recently (origin `request`). `countRecent` serialises
 * per tenant for the caller's transaction, so concurrent requests cannot all pass one cap.
 */
export abstract class FollowUpQuota {
  abstract countRecent(tenantId: string, bookingId: string, since: Date): Promise<{ booking: RequestCount; tenant: RequestCount }>;
}
