import { DomainError } from '../../errors/domain-error';

/**
 * The refusal of a hold past the agent's ceiling of live holds (`MAX_LIVE_HOLDS_PER_AGENT`,
 * docs/booking-chain.md "Hold"): `retry_after` is the time until the earliest of its holds
 * expires (at least a second), when a room comes free for it again unless it books or releases one.
 */
export function holdLimitReached(maxLiveHolds: number, earliestExpiry: Date | null, now: Date): DomainError {
  const seconds = earliestExpiry ? Math.max(1, Math.ceil((earliestExpiry.getTime() - now.getTime()) / 1000)) : 1;
  return new DomainError('hold_limit_reached', {
    detail: { max_live_holds: maxLiveHolds, earliest_expiry: earliestExpiry ? earliestExpiry.toISOString() : null },
    retryAfter: seconds,
  });
}
