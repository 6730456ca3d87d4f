import fc from 'fast-check';
import { applyBasisPoints, divideRoundHalfUp, priceStay, readFeeRules, readTaxRules } from './pricing';

describe('pricing', () => {
  it('prices each night at its per-date rate or the base rate, taxes the subtotal per tax, adds fees', () => {
    const price = priceStay({
      currency: 'EUR',
      nights: ['2027-03-01', '2027-03-02', '2027-03-03'],
      baseRate: 10000,
      dailyRates: { '2027-03-02': 12550 },
      taxes: [
        { code: 'VAT', name: 'VAT', rate_bps: 1000 },
        { code: 'CITY', name: 'City tax', rate_bps: 333 },
      ],
      fees: [
        { code: 'CLEAN', name: 'Cleaning', amount: 2500, per: 'stay' },
        { code: 'RESORT', name: 'Resort fee', amount: 500, per: 'night' },
      ],
    });
    expect(price.nights).toEqual([
      { date: '2027-03-01', amount: { amount: 10000, currency: 'EUR' } },
      { date: '2027-03-02', amount: { amount: 12550, currency: 'EUR' } },
      { date: '2027-03-03', amount: { amount: 10000, currency: 'EUR' } },
    ]);
    expect(price.subtotal).toEqual({ amount: 32550, currency: 'EUR' });
    // 32550 * 10% = 3255; 32550 * 3.33% = 1083.915 -> 1084
    expect(price.taxes.map((t) => t.amount.amount)).toEqual([3255, 1084]);
    expect(price.fees.map((f) => f.amount.amount)).toEqual([2500, 1500]);
    expect(price.total).toEqual({ amount: 32550 + 3255 + 1084 + 2500 + 1500, currency: 'EUR' });
  });

  it('rounds half up', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(applyBasisPoints(15, 5000)).toBe(8);
    expect(applyBasisPoints(0, 5000)).toBe(0);
  });

  it('keeps the total equal to the sum of its parts, all integers, for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 4 }),
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 100_000 }), perNight: fc.boolean() }), { maxLength: 3 }),
        (rates, taxBps, fees) => {
          const nights = rates.map((_, i) => `2027-01-${String(i + 1).padStart(2, '0')}`);
          const dailyRates = Object.fromEntries(nights.map((n, i) => [n, rates[i]]));
          const p = priceStay({
            currency: 'JPY',
            nights,
            baseRate: 1,
            dailyRates,
            taxes: taxBps.map((rate_bps, i) => ({ code: `T${i}`, name: 'tax', rate_bps })),
            fees: fees.map((f, i) => ({ code: `F${i}`, name: 'fee', amount: f.amount, per: f.perNight ? ('night' as const) : ('stay' as const) })),
          });
          const parts = p.subtotal.amount + p.taxes.reduce((s, t) => s + t.amount.amount, 0) + p.fees.reduce((s, f) => s + f.amount.amount, 0);
          expect(p.total.amount).toBe(parts);
          expect(p.subtotal.amount).toBe(rates.reduce((a, b) => a + b, 0));
          for (const t of p.taxes) {
            expect(Number.isInteger(t.amount.amount)).toBe(true);
            expect(Math.abs(t.amount.amount - (p.subtotal.amount * t.rate_bps) / 10000)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
    );
  });

  it('reads only well-formed tax and fee rules', () => {
    expect(readTaxRules([{ code: 'VAT', name: 'VAT', rate_bps: 700 }, { code: 'X' }, null])).toEqual([{ code: 'VAT', name: 'VAT', rate_bps: 700 }]);
    expect(readTaxRules('nope')).toEqual([]);
    expect(
      readFeeRules([
        { code: 'C', name: 'Cleaning', amount: 100 },
        { code: 'N', name: 'N', amount: 5, per: 'night' },
        { code: 'bad', name: 'b', amount: 1.5 },
      ]),
    ).toEqual([
      { code: 'C', name: 'Cleaning', amount: 100, per: 'stay' },
      { code: 'N', name: 'N', amount: 5, per: 'night' },
    ]);
  });
});
