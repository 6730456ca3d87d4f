import type { Money } from '../../money/money';
import type { BookingAuthorizationRecord } from '../chain.types';

export type AuthorizationProblem = 'not_found' | 'expired' | 'used' | 'other_agent' | 'other_traveler' | 'amount_too_small';

/**
 * True when a booking of `total` needs a booking authorization: the agent has a limit and the
 * total is above it. A limit in another currency cannot be compared, so it requires one too.
 */
export function exceedsBookingLimit(total: Money, limit: Money | null): boolean {
  if (!limit) return false;
  if (limit.currency !== total.currency) return true;
  return total.amount > limit.amount;
}

/** Why an authorization cannot cover this booking, or null when it can. */
export function authorizationProblem(
  auth: Pick<BookingAuthorizationRecord, 'agentId' | 'travelerSub' | 'travelerIss' | 'maxAmount' | 'usedAt' | 'claimedByHoldId' | 'expired'>,
  use: { agentId: string; travelerSub: string; travelerIss: string; total: Money; holdId: string },
): AuthorizationProblem | null {
  if (auth.agentId !== use.agentId) return 'other_agent';
  if (auth.usedAt !== null || (auth.claimedByHoldId !== null && auth.claimedByHoldId !== use.holdId)) return 'used';
  if (auth.expired) return 'expired';
  if (auth.travelerSub !== null && auth.travelerSub !== use.travelerSub) return 'other_traveler';
  // The same sub from another issuer is another person (docs/booking-chain.md).
  if (auth.travelerIss !== null && auth.travelerIss !== use.travelerIss) return 'other_traveler';
  if (auth.maxAmount.currency !== use.total.currency || auth.maxAmount.amount < use.total.amount) return 'amount_too_small';
  return null;
}
