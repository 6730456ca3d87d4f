import type { Money } from '../../money/money';
import type { PolicySnapshot } from '../chain.types';
import { applyBasisPoints } from './pricing';

/**
 * The fee for cancelling now, from the terms frozen at quote time only:
 * - `non_refundable`: the whole total;
 * - `free_cancellation`: nothing before the cutoff (`free_cancellation_hours_before_checkin` before
 *   `checkInAt`), `cancellation_fee_pct_after_cutoff` of the total (rounded half up) from the cutoff on.
 */
export function cancellationFee(
  snapshot: Pick<PolicySnapshot, 'cancellation_kind' | 'free_cancellation_hours_before_checkin' | 'cancellation_fee_pct_after_cutoff'>,
  total: Money,
  now: Date,
  checkInAt: Date,
): Money {
  if (snapshot.cancellation_kind === 'non_refundable') return { amount: total.amount, currency: total.currency };
  const cutoff = checkInAt.getTime() - snapshot.free_cancellation_hours_before_checkin * 3_600_000;
  if (now.getTime() < cutoff) return { amount: 0, currency: total.currency };
  const bps = Math.round(snapshot.cancellation_fee_pct_after_cutoff * 100);
  return { amount: Math.min(total.amount, applyBasisPoints(total.amount, bps)), currency: total.currency };
}
