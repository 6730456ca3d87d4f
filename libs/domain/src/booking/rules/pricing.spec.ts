import fc from 'fast-check';
import {
  applyBasisPoints,
  chargeAmount,
  divideRoundHalfUp,
  payableAtProperty,
  payableOnline,
  priceStay,
  readFeeRules,
  readTaxRules,
  withPayableSplit,
} from './pricing';

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
            expect(Math.abs(t.amount.amount - (p.subtotal.amount * (t.rate_bps ?? 0)) / 10000)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
    );
  });

  it('reads only well-formed tax and fee rules', () => {
    expect(readTaxRules([{ code: 'VAT', name: 'VAT', rate_bps: 700 }, { code: 'X' }, null])).toEqual([
      { code: 'VAT', name: 'VAT', rate_bps: 700, included: false, payable: 'online' },
    ]);
    expect(readTaxRules('nope')).toEqual([]);
    expect(
      readFeeRules([
        { code: 'C', name: 'Cleaning', amount: 100 },
        { code: 'N', name: 'N', amount: 5, per: 'night' },
        { code: 'bad', name: 'b', amount: 1.5 },
      ]),
    ).toEqual([
      { code: 'C', name: 'Cleaning', amount: 100, per: 'stay', included: false, payable: 'online' },
      { code: 'N', name: 'N', amount: 5, per: 'night', included: false, payable: 'online' },
    ]);
    expect(
      readTaxRules([
        { code: 'CITY', name: 'City tax', amount: 250, per: 'person_night', payable: 'at_property' },
        { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
        { code: 'BAD', name: 'b', amount: -1, per: 'night' },
      ]),
    ).toEqual([
      { code: 'CITY', name: 'City tax', amount: 250, per: 'person_night', included: false, payable: 'at_property' },
      { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true, payable: 'online' },
    ]);
  });

  it('restates today: without party or §11.3 settings, items are online and not included, payable_online = total', () => {
    const p = priceStay({
      currency: 'EUR',
      nights: ['2027-03-01'],
      baseRate: 10000,
      dailyRates: {},
      taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000 }],
      fees: [{ code: 'C', name: 'Cleaning', amount: 500, per: 'stay' }],
    });
    expect(p).toEqual({
      currency: 'EUR',
      nights: [{ date: '2027-03-01', amount: eur(10000) }],
      subtotal: eur(10000),
      taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(1000), included: false, payable: 'online' }],
      fees: [{ code: 'C', name: 'Cleaning', amount: eur(500), included: false, payable: 'online' }],
      total: eur(11500),
      payable_online: eur(11500),
      payable_at_property: eur(0),
    });
    expect(Object.keys(p)).toEqual(['currency', 'nights', 'subtotal', 'taxes', 'fees', 'total', 'payable_online', 'payable_at_property']);
    expect(withPayableSplit({ ...p, payable_online: undefined, payable_at_property: undefined })).toEqual(p);
  });

  it('prices each amount per stay, night, person-night and person-stay (persons = adults + children)', () => {
    const base = { code: 'X', name: 'x', amount: 100 };
    expect(chargeAmount({ ...base, per: 'stay' }, 0, 3, 4)).toBe(100);
    expect(chargeAmount({ ...base, per: 'night' }, 0, 3, 4)).toBe(300);
    expect(chargeAmount({ ...base, per: 'person_night' }, 0, 3, 4)).toBe(1200);
    expect(chargeAmount({ ...base, per: 'person_stay' }, 0, 3, 4)).toBe(400);
  });

  it('shows an included rate as subtotal × rate / (10000 + rate), rounded half up, and never adds it', () => {
    expect(chargeAmount({ code: 'VAT', name: 'VAT', rate_bps: 1000, included: true }, 11000, 1, 1)).toBe(1000);
    // 10001 × 1000 / 11000 = 909.18 -> 909; 10005 × 1000 / 11000 = 909.545 -> 910
    expect(chargeAmount({ code: 'VAT', name: 'VAT', rate_bps: 1000, included: true }, 10001, 1, 1)).toBe(909);
    expect(chargeAmount({ code: 'VAT', name: 'VAT', rate_bps: 1000, included: true }, 10005, 1, 1)).toBe(910);
    expect(chargeAmount({ code: 'VAT', name: 'VAT', rate_bps: 0, included: true }, 10005, 1, 1)).toBe(0);
  });

  it('prices a family: party nights, an included VAT, a city tax at the property, a fee online', () => {
    const p = priceStay({
      currency: 'EUR',
      nights: ['2027-03-01', '2027-03-02'],
      baseRate: 10000,
      dailyRates: { '2027-03-02': 12000 },
      taxes: [
        { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
        { code: 'CITY', name: 'City tax', amount: 200, per: 'person_night', payable: 'at_property' },
      ],
      fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' }],
      party: {
        guests: { adults: 3, children: [{ age: 4 }, { age: 9 }] },
        occupancy: {
          base_adults: 2,
          extra_adult: 2500,
          child_rates: [
            { max_age: 5, amount: 0 },
            { max_age: 12, amount: 1000 },
          ],
        },
        nights: { '2027-03-02': { by_adults: { '3': 16000 } } },
      },
    });
    // night 1: 10000 + 2500 + 0 + 1000; night 2: 16000 + 0 + 1000
    expect(p.nights.map((n) => n.amount.amount)).toEqual([13500, 17000]);
    expect(p.subtotal.amount).toBe(30500);
    expect(p.taxes).toEqual([
      // 30500 × 1000 / 11000 = 2772.7 -> 2773
      { code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(2773), included: true, payable: 'online' },
      { code: 'CITY', name: 'City tax', amount: eur(200 * 5 * 2), included: false, payable: 'at_property' },
    ]);
    expect(p.total).toEqual(eur(30500 + 2000 + 1500));
    expect(p.payable_at_property).toEqual(eur(2000));
    expect(p.payable_online).toEqual(eur(32000));
    expect(payableOnline(p)).toEqual(eur(32000));
    expect(payableAtProperty(p)).toEqual(eur(2000));
  });

  it("converts payable_at_property into the property's currency when the quote's differs", () => {
    const input = {
      currency: 'USD',
      nights: ['2027-03-01'],
      baseRate: 10000,
      dailyRates: {},
      taxes: [{ code: 'CITY', name: 'City tax', amount: 333, per: 'stay' as const, payable: 'at_property' as const }],
      fees: [],
    };
    expect(priceStay({ ...input, local: { currency: 'JPY', rate: 150.5 } }).payable_at_property).toEqual({
      amount: 333,
      currency: 'USD',
      // 3.33 USD × 150.5 = 501.165 JPY -> 501
      local: { amount: 501, currency: 'JPY' },
    });
    expect(priceStay({ ...input, local: { currency: 'USD', rate: 1 } }).payable_at_property).toEqual({ amount: 333, currency: 'USD' });
    expect(priceStay({ ...input, local: { currency: 'JPY', rate: null } }).payable_at_property).toEqual({ amount: 333, currency: 'USD' });
    expect(priceStay({ ...input, taxes: [], local: { currency: 'JPY', rate: 150 } }).payable_at_property).toEqual({ amount: 0, currency: 'USD' });
  });
});

const eur = (amount: number) => ({ amount, currency: 'EUR' });
