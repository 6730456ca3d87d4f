import fc from 'fast-check';
import { cancellationRefund, refusesRefund, remainingRefundable } from './refund-amount';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const payment = (amount: number, refunded: number) => ({
  amount: eur(amount),
  refunded: eur(refunded),
  state: (refunded === 0 ? 'captured' : refunded >= amount ? 'refunded' : 'partially_refunded') as 'captured' | 'partially_refunded' | 'refunded',
});

describe('refund rules', () => {
  it('remaining is captured minus refunded', () => {
    expect(remainingRefundable(payment(10000, 2500))).toEqual(eur(7500));
  });

  it('a cancellation refunds the total minus the fee, capped by what remains', () => {
    expect(cancellationRefund(eur(10000), eur(0), payment(10000, 0))).toEqual(eur(10000));
    expect(cancellationRefund(eur(10000), eur(5000), payment(10000, 0))).toEqual(eur(5000));
    expect(cancellationRefund(eur(10000), eur(0), payment(10000, 9700))).toEqual(eur(300));
    expect(cancellationRefund(eur(10000), eur(10000), payment(10000, 0))).toEqual(eur(0));
    expect(cancellationRefund(eur(10000), eur(0), null)).toEqual(eur(0));
  });

  it('refuses without a payment, on a refunded payment, and above the remaining amount', () => {
    expect(refusesRefund(null, 1)).toEqual({ code: 'no_capturable_payment' });
    expect(refusesRefund(payment(10000, 10000), 1)).toEqual({ code: 'payment_not_refundable', state: 'refunded' });
    expect(refusesRefund(payment(10000, 4000), 6001)).toEqual({ code: 'refund_exceeds_remaining', remaining: eur(6000) });
    expect(refusesRefund(payment(10000, 4000), 6000)).toBeNull();
  });

  it('a sequence of accepted refunds never exceeds the capture', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.array(fc.integer({ min: 1, max: 1e9 }), { maxLength: 20 }), (captured, asks) => {
        let refunded = 0;
        for (const ask of asks) if (!refusesRefund(payment(captured, refunded), ask)) refunded += ask;
        return refunded <= captured;
      }),
    );
  });
});
