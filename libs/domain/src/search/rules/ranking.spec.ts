import type { PropertyOffer } from '../ports/availability-search.repository';
import { budgetByCurrency, offerStayTotal, rankOffers, RankingContext, RANKING_WEIGHTS } from './ranking';

const offer = (id: string, over: Partial<PropertyOffer> = {}): PropertyOffer => ({
  propertyId: id,
  propertyName: `Hotel ${id}`,
  slug: id,
  city: 'Lisbon',
  region: null,
  country: 'PT',
  starRating: 4,
  defaultCurrency: 'EUR',
  areaMatch: 'city',
  roomTypeId: `rt-${id}`,
  roomTypeName: 'Double',
  maxOccupancy: 2,
  roomsLeft: 3,
  ratePlanId: `rp-${id}`,
  ratePlanName: 'Flexible',
  mealPlan: 'breakfast',
  currency: 'EUR',
  total: 20000,
  nightly: 10000,
  cancellationKind: 'free_cancellation',
  freeCancellationHours: 48,
  offerCount: 2,
  hasFreeCancellation: true,
  taxes: [],
  fees: [],
  ...over,
  // a 2-night stay: the subtotal follows the nightly price unless the test sets it
  ...(over.nightly !== undefined && over.total === undefined ? { total: over.nightly * 2 } : {}),
});
const ctx = (over: Partial<RankingContext> = {}): RankingContext => ({
  destination: { type: 'area', value: 'lisbon' },
  checkIn: '2026-05-01',
  checkOut: '2026-05-03',
  nights: 2,
  adults: 2,
  children: 1,
  maxPricePerNight: null,
  mealPlan: null,
  cancellation: null,
  fxRates: [],
  ...over,
});

describe('ranking', () => {
  it('has weights that sum to 1', () => {
    expect(Object.values(RANKING_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('ranks the cheaper of two otherwise equal offers first and says why', () => {
    const [first, second] = rankOffers([offer('b', { nightly: 15000 }), offer('a', { nightly: 10000 })], ctx());
    expect(first.hotel_id).toBe('a');
    expect(first.rank_score).toBeGreaterThan(second.rank_score);
    expect(first.explanation.join(' ')).toContain('cheapest of 2');
    expect(first.explanation[0]).toContain('by its city');
    expect(first.explanation[1]).toContain('all 2 nights');
    expect(first.explanation[1]).toContain('2 adults and 1 child');
    expect(first.explanation[2]).toContain('EUR 100.00 per night');
    expect(first.best_offer).toEqual({
      room_type_id: 'rt-a',
      rate_plan_id: 'rp-a',
      price_per_night: { amount: 10000, currency: 'EUR' },
      total: { amount: 20000, currency: 'EUR' },
    });
  });

  it('ranks on the whole stay with every tax and fee not included, wherever payable, for the party', () => {
    const taxes = [
      { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
      { code: 'CITY', name: 'City tax', amount: 500, per: 'person_night', payable: 'at_property' },
    ];
    const fees = [{ code: 'RESORT', name: 'Resort fee', amount: 2000, per: 'stay' }];
    // cheaper per night, dearer once its city tax (3 persons x 2 nights) and resort fee are added
    const ranked = rankOffers([offer('fees', { nightly: 9000, taxes, fees }), offer('plain', { nightly: 10000 })], ctx());
    expect(ranked.map((r) => r.hotel_id)).toEqual(['plain', 'fees']);
    expect(ranked[1].best_offer.total).toEqual({ amount: 18000 + 3000 + 2000, currency: 'EUR' });
    expect(ranked[1].best_offer.price_per_night).toEqual({ amount: 9000, currency: 'EUR' });
    expect(offerStayTotal({ total: 18000, taxes, fees }, 2, 3)).toBe(23000);
    expect(offerStayTotal({ total: 18000, taxes: null, fees: 'x' }, 2, 3)).toBe(18000);
  });

  it('rewards stars and free cancellation at equal price', () => {
    const ranked = rankOffers(
      [offer('nonref', { cancellationKind: 'non_refundable', hasFreeCancellation: false }), offer('flex'), offer('five', { starRating: 5 })],
      ctx(),
    );
    expect(ranked.map((r) => r.hotel_id)).toEqual(['five', 'flex', 'nonref']);
    expect(ranked[2].explanation.join(' ')).toContain('non-refundable');
  });

  it('compares prices across currencies through the FX table', () => {
    const fxRates = [{ base: 'EUR', quote: 'JPY', rate: 160, updatedAt: new Date() }];
    const ranked = rankOffers([offer('eur', { nightly: 10000 }), offer('jpy', { currency: 'JPY', nightly: 12000 })], ctx({ fxRates }));
    // JPY 12000 = EUR 75.00: cheaper.
    expect(ranked[0].hotel_id).toBe('jpy');
  });

  it('is stable for ties and always within [0, 1]', () => {
    const ranked = rankOffers([offer('b'), offer('a')], ctx());
    expect(ranked.map((r) => r.hotel_id)).toEqual(['a', 'b']);
    for (const r of ranked) {
      expect(r.rank_score).toBeGreaterThanOrEqual(0);
      expect(r.rank_score).toBeLessThanOrEqual(1);
    }
  });

  it("explains the best plan's payment terms, and says nothing more under prepay", () => {
    const [deposit] = rankOffers([offer('d', { paymentTerms: { kind: 'deposit', deposit_pct: 30, balance_due_days: 14 } })], ctx());
    expect(deposit.explanation).toContain('Payment: a 30 % deposit at booking, the balance charged 14 days before check-in.');
    const [atProperty] = rankOffers([offer('p', { paymentTerms: { kind: 'pay_at_property' } })], ctx());
    expect(atProperty.explanation.join(' ')).toContain('paid at the property');
    const [prepay] = rankOffers([offer('x')], ctx());
    expect(prepay.explanation.join(' ')).not.toContain('Payment:');
  });

  it('explains the budget and requested constraints', () => {
    const [r] = rankOffers(
      [offer('a')],
      ctx({ maxPricePerNight: { amount: 15000, currency: 'EUR' }, mealPlan: 'breakfast', cancellation: 'free_cancellation', destination: null }),
    );
    expect(r.explanation[0]).toContain('No destination given');
    expect(r.explanation.join(' ')).toContain('Within the budget of EUR 150.00 per night');
    expect(r.explanation.join(' ')).toContain('Meal plan breakfast');
  });
});

describe('budget per currency', () => {
  it('expresses the budget in every reachable currency, rounding down', () => {
    const at = new Date();
    const budget = budgetByCurrency({ amount: 10001, currency: 'EUR' }, [
      { base: 'EUR', quote: 'JPY', rate: 160.5, updatedAt: at },
      { base: 'USD', quote: 'EUR', rate: 0.9, updatedAt: at },
      { base: 'GBP', quote: 'CHF', rate: 1.1, updatedAt: at },
    ]);
    expect(budget).toEqual({ EUR: 10001, JPY: 16051, USD: 11112 });
  });
});
