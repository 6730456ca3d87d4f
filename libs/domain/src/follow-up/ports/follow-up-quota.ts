/** How many follow-ups counted against the caps since a moment, and the oldest of them (the window's edge). */
export interface RequestCount {
  count: number;
  oldest: Date | null;
}

/**
 * Port: the follow-ups that used the caps recently: those callers created (origin `request`,
 * counted at creation) and those the booking scheduled by itself that were sent (origin `booking`,
 * counted at sending). `countRecent` serialises per tenant for the caller's transaction, so
 * concurrent requests cannot all pass one cap.
 */
export abstract class FollowUpQuota {
  abstract countRecent(tenantId: string, bookingId: string, since: Date): Promise<{ booking: RequestCount; tenant: RequestCount }>;
}
