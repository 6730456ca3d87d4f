import type { RequestCount } from '../ports/follow-up-quota';

/** Caps count follow-ups callers created in a rolling day (docs/follow-ups.md "Caps"). */
export const FOLLOW_UP_WINDOW_SECONDS = 86_400;

export interface FollowUpCaps {
  perBooking: number;
  perTenant: number;
}

export interface FollowUpQuotaRefusal {
  scope: 'booking' | 'tenant';
  limit: number;
  /** Seconds until the oldest counted follow-up leaves the window (at least 1). */
  retryAfterSeconds: number;
}

/** Null while both the booking's and the tenant's count are under their cap; else the cap hit (booking first). */
export function followUpQuotaRefusal(counts: { booking: RequestCount; tenant: RequestCount }, caps: FollowUpCaps, now: Date): FollowUpQuotaRefusal | null {
  const over = (c: RequestCount, limit: number, scope: 'booking' | 'tenant'): FollowUpQuotaRefusal | null => {
    if (c.count < limit) return null;
    const frees = (c.oldest?.getTime() ?? now.getTime()) + FOLLOW_UP_WINDOW_SECONDS * 1000;
    return { scope, limit, retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) };
  };
  return over(counts.booking, caps.perBooking, 'booking') ?? over(counts.tenant, caps.perTenant, 'tenant');
}
