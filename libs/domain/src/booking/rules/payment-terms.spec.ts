import {
  balanceDueAt,
  chargeAtBooking,
  chargeOfAttempt,
  depositAmount,
  feeAgainstCaptured,
  nextAttemptAt,
  refundParts,
  paymentTermsFields,
  paymentTermsViolations,
  readPaymentTerms,
  scheduleChargeKey,
} from './payment-terms';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const stay = { check_in_at: '2027-04-10T13:00:00Z', timezone: 'Europe/Paris' };

describe('payment terms', () => {
  it('validates every bad path at once', () => {
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 0, balance_due_days: 366 }).map((e) => e.path)).toEqual([
      'payment_terms.deposit_pct',
      'payment_terms.balance_due_days',
    ]);
    expect(paymentTermsViolations({ kind: 'later', extra: 1 }).map((e) => e.path)).toEqual(['payment_terms.kind', 'payment_terms.extra']);
    expect(paymentTermsViolations({ kind: 'prepay', deposit_pct: 30 }).map((e) => e.path)).toEqual(['payment_terms.deposit_pct']);
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 2.5, balance_due_days: 7 }).map((e) => e.path)).toEqual(['payment_terms.deposit_pct']);
    expect(paymentTermsViolations({ kind: 'deposit' }).map((e) => e.path)).toEqual(['payment_terms.deposit_pct', 'payment_terms.balance_due_days']);
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 100, balance_due_days: 7 }).map((e) => e.path)).toEqual(['payment_terms.deposit_pct']);
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 1, balance_due_days: 365 })).toEqual([]);
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 99, balance_due_days: 14 })).toEqual([]);
    expect(paymentTermsViolations({ kind: 'deposit', deposit_pct: 30, balance_due_days: 0 })).toEqual([]);
    expect(paymentTermsViolations({ kind: 'pay_at_property' })).toEqual([]);
    expect(paymentTermsViolations('deposit')).toEqual([{ path: 'payment_terms', message: 'must be an object' }]);
  });

  it('stores prepay as the default and reads null as prepay', () => {
    expect(paymentTermsFields({ kind: 'prepay' })).toBeNull();
    expect(readPaymentTerms(null)).toEqual({ kind: 'prepay' });
    expect(paymentTermsFields({ kind: 'deposit', deposit_pct: 30, balance_due_days: 14 })).toEqual({ kind: 'deposit', deposit_pct: 30, balance_due_days: 14 });
  });

  it('rounds the deposit half up to the minor unit', () => {
    expect(depositAmount(eur(1005), 10)).toEqual(eur(101)); // 100.5
    expect(depositAmount(eur(1004), 10)).toEqual(eur(100)); // 100.4
    expect(depositAmount(eur(33333), 33)).toEqual(eur(11000)); // 10999.89
  });

  it('counts the due date in calendar days of the property zone, across a clock change', () => {
    // Paris moves to summer time on 2027-03-28: 15:00 local is 13:00Z after, 14:00Z before.
    expect(balanceDueAt('2027-04-10T13:00:00Z', 'Europe/Paris', 14)).toBe('2027-03-27T14:00:00.000Z');
    expect(balanceDueAt('2027-04-10T13:00:00Z', 'Europe/Paris', 0)).toBe('2027-04-10T13:00:00.000Z');
  });

  it('charges a deposit and schedules the balance, or everything when the due date has passed', () => {
    const terms = { kind: 'deposit' as const, deposit_pct: 30, balance_due_days: 14 };
    expect(chargeAtBooking(terms, eur(10000), stay, new Date('2027-01-01T00:00:00Z'))).toEqual({
      kind: 'deposit',
      amount: eur(3000),
      balance: { amount: eur(7000), dueAt: '2027-03-27T14:00:00.000Z' },
    });
    expect(chargeAtBooking(terms, eur(10000), stay, new Date('2027-03-28T00:00:00Z'))).toEqual({ kind: 'full', amount: eur(10000), balance: null });
    expect(chargeAtBooking({ kind: 'prepay' }, eur(10000), stay, new Date())).toEqual({ kind: 'full', amount: eur(10000), balance: null });
    expect(chargeAtBooking({ kind: 'pay_at_property' }, eur(10000), stay, new Date())).toEqual({ kind: 'guarantee', amount: eur(0), balance: null });
  });

  it('reads what an attempt stands for from its amount, whenever it completes', () => {
    const terms = { kind: 'deposit' as const, deposit_pct: 30, balance_due_days: 14 };
    expect(chargeOfAttempt(terms, eur(10000), eur(3000), stay).balance).toEqual({ amount: eur(7000), dueAt: '2027-03-27T14:00:00.000Z' });
    expect(chargeOfAttempt(terms, eur(10000), eur(10000), stay)).toEqual({ kind: 'full', amount: eur(10000), balance: null });
  });

  it('refunds the excess of what was captured over the fee, and charges a fee above it', () => {
    expect(feeAgainstCaptured(eur(10000), eur(5000), 10000)).toEqual({ refund: eur(5000), feeToCharge: eur(0) });
    expect(feeAgainstCaptured(eur(10000), eur(2000), 3000)).toEqual({ refund: eur(1000), feeToCharge: eur(0) });
    expect(feeAgainstCaptured(eur(10000), eur(5000), 3000)).toEqual({ refund: eur(0), feeToCharge: eur(2000) });
    expect(feeAgainstCaptured(eur(10000), eur(10000), 0)).toEqual({ refund: eur(0), feeToCharge: eur(10000) });
  });

  it('retries after 1 h, 6 h and 24 h, then stops; each attempt has its own key', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect([1, 2, 3].map((n) => nextAttemptAt(n, now)?.toISOString())).toEqual([
      '2027-01-01T01:00:00.000Z',
      '2027-01-01T06:00:00.000Z',
      '2027-01-02T00:00:00.000Z',
    ]);
    expect(nextAttemptAt(4, now)).toBeNull();
    expect(scheduleChargeKey('e1', 2)).not.toBe(scheduleChargeKey('e1', 3));
  });

  it('splits a refund over the charges newest first, counting what was refunded before the same way', () => {
    const charges = [
      { reference: 'ch_deposit', amount: 3000 },
      { reference: 'ch_balance', amount: 7000 },
    ];
    expect(refundParts(charges, 0, 10000)).toEqual([
      { reference: 'ch_balance', amount: 7000 },
      { reference: 'ch_deposit', amount: 3000 },
    ]);
    expect(refundParts(charges, 0, 5000)).toEqual([{ reference: 'ch_balance', amount: 5000 }]);
    expect(refundParts(charges, 6000, 2000)).toEqual([
      { reference: 'ch_balance', amount: 1000 },
      { reference: 'ch_deposit', amount: 1000 },
    ]);
    // One charge: one part, whatever the amount (the refund's own check refuses too much).
    expect(refundParts([{ reference: 'ch', amount: 100 }], 0, 150)).toEqual([{ reference: 'ch', amount: 150 }]);
  });
});
