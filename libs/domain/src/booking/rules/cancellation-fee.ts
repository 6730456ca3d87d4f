import type { Money } from '../../money/money';
import type { PolicySnapshot, PriceBreakdown } from '../chain.types';
import { applyBasisPoints } from './pricing';

type CutoffTerms = Pick<PolicySnapshot, 'free_cancellation_hours_before_checkin'> & Partial<Pick<PolicySnapshot, 'free_cancellation_until'>>;

/**
 * The first instant a cancellation costs the after-cutoff fee: `free_cancellation_hours_before_checkin`
 * before `checkInAt`, or the snapshot's `free_cancellation_until` when that is earlier (a moved
 * booking keeps its earlier deadline: rules/moved-policy.ts). Never later than either.
 */
export function freeCancellationCutoff(snapshot: CutoffTerms, checkInAt: Date): number {
  const byHours = checkInAt.getTime() - snapshot.free_cancellation_hours_before_checkin * 3_600_000;
  const stored = snapshot.free_cancellation_until ? Date.parse(snapshot.free_cancellation_until) : Number.NaN;
  return Number.isNaN(stored) ? byHours : Math.min(byHours, stored);
}

/**
 * What a cancellation fee is a share of (docs/catalog.md "Taxes and fees"): the stay's total less the added tax and
 * fee items payable at the property (the hotel collects those only from a guest who comes).
 */
export function cancellationBase(price: Pick<PriceBreakdown, 'total' | 'taxes' | 'fees'>): Money {
  let atProperty = 0;
  for (const item of [...price.taxes, ...price.fees]) if (!item.included && item.payable === 'at_property') atProperty += item.amount.amount;
  return { amount: price.total.amount - atProperty, currency: price.total.currency };
}

/**
 * The fee for cancelling now, on `total` = the stay's `cancellationBase`, from the terms frozen at quote time only:
 * - `non_refundable`: the whole total;
 * - `free_cancellation`: nothing before the cutoff (`freeCancellationCutoff`),
 *   `cancellation_fee_pct_after_cutoff` of the total (rounded half up) from the cutoff on.
 */
export function cancellationFee(
  snapshot: Pick<PolicySnapshot, 'cancellation_kind' | 'cancellation_fee_pct_after_cutoff'> & CutoffTerms,
  total: Money,
  now: Date,
  checkInAt: Date,
): Money {
  if (snapshot.cancellation_kind === 'non_refundable') return { amount: total.amount, currency: total.currency };
  if (now.getTime() < freeCancellationCutoff(snapshot, checkInAt)) return { amount: 0, currency: total.currency };
  const bps = Math.round(snapshot.cancellation_fee_pct_after_cutoff * 100);
  return { amount: Math.min(total.amount, applyBasisPoints(total.amount, bps)), currency: total.currency };
}
