import type { Money } from '../../money/money';
import type { PaymentRecord, PaymentState } from '../chain.types';

/** What is still refundable on a payment: captured minus already refunded. */
export function remainingRefundable(payment: Pick<PaymentRecord, 'amount' | 'refunded'>): Money {
  return { amount: Math.max(0, payment.amount.amount - payment.refunded.amount), currency: payment.amount.currency };
}

/** The refund a cancellation owes: the total minus the fee, never more than what remains refundable. */
export function cancellationRefund(total: Money, fee: Money, payment: Pick<PaymentRecord, 'amount' | 'refunded'> | null): Money {
  const remaining = payment ? remainingRefundable(payment).amount : 0;
  return { amount: Math.max(0, Math.min(remaining, total.amount - fee.amount)), currency: total.currency };
}

/** Payment states a refund may draw on: something was captured and nothing says it is all returned. */
export const REFUNDABLE_STATES: readonly PaymentState[] = ['captured', 'partially_refunded', 'scheduled', 'overdue'];

export type RefundRefusal =
  { code: 'no_capturable_payment' } | { code: 'payment_not_refundable'; state: PaymentState } | { code: 'refund_exceeds_remaining'; remaining: Money };

/**
 * Whether an admin may refund `amount` (minor units, > 0) of a booking's payment: there must be a
 * captured payment, still `captured` or `partially_refunded`, with at least `amount` remaining.
 * The same rule decides again in SQL (a conditional UPDATE) so concurrent refunds cannot overshoot.
 */
export function refusesRefund(payment: Pick<PaymentRecord, 'amount' | 'refunded' | 'state'> | null, amount: number): RefundRefusal | null {
  if (!payment) return { code: 'no_capturable_payment' };
  // A deposit captured with its balance pending (or overdue) is refundable too (docs/payments.md).
  if (!REFUNDABLE_STATES.includes(payment.state)) return { code: 'payment_not_refundable', state: payment.state };
  const remaining = remainingRefundable(payment);
  if (amount > remaining.amount) return { code: 'refund_exceeds_remaining', remaining };
  return null;
}
