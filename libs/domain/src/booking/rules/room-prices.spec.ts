import { priceStay } from './pricing';
import { combineRoomPrices, wholeParty } from './room-prices';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const price = (baseRate: number) =>
  priceStay({
    currency: 'EUR',
    nights: ['2027-03-01', '2027-03-02'],
    baseRate,
    dailyRates: { '2027-03-02': baseRate + 1000 },
    taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000 }],
    fees: [
      { code: 'CLEAN', name: 'Cleaning', amount: 2500, per: 'stay' },
      { code: 'RESORT', name: 'Resort fee', amount: 500, per: 'night' },
    ],
  });

describe('combineRoomPrices', () => {
  const a = { adults: 2, children: [] };
  const b = { adults: 1, children: [{ age: 4 }] };

  it('sums nights per date, money fields, and taxes and fees by code; lists each room', () => {
    const combined = combineRoomPrices([
      { guests: a, price: price(10000) },
      { guests: b, price: price(8000) },
    ]);
    expect(combined.nights).toEqual([
      { date: '2027-03-01', amount: eur(18000) },
      { date: '2027-03-02', amount: eur(20000) },
    ]);
    expect(combined.subtotal).toEqual(eur(38000));
    const online = { included: false, payable: 'online' };
    expect(combined.taxes).toEqual([{ code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(2100 + 1700), ...online }]);
    // A per-stay fee is charged per room.
    expect(combined.fees).toEqual([
      { code: 'CLEAN', name: 'Cleaning', amount: eur(5000), ...online },
      { code: 'RESORT', name: 'Resort fee', amount: eur(2000), ...online },
    ]);
    expect(combined.total).toEqual(eur(price(10000).total.amount + price(8000).total.amount));
    expect(combined.rooms).toEqual([
      { room: 1, guests: a, nights: price(10000).nights, subtotal: eur(21000) },
      { room: 2, guests: b, nights: price(8000).nights, subtotal: eur(17000) },
    ]);
  });

  it('one room keeps its own numbers and gains rooms', () => {
    const one = combineRoomPrices([{ guests: a, price: price(10000) }]);
    const { rooms, ...rest } = one;
    expect(rest).toEqual(price(10000));
    expect(rooms).toEqual([{ room: 1, guests: a, nights: price(10000).nights, subtotal: eur(21000) }]);
  });

  it('sums any other money field generically and keeps items whose code only one room has', () => {
    const first = { ...price(10000), payable_online: eur(100), fees: [] };
    const second = {
      ...price(10000),
      payable_online: eur(50),
      fees: [{ code: 'X', name: 'Extra', amount: eur(7), included: false, payable: 'online' as const }],
    };
    const combined = combineRoomPrices([
      { guests: a, price: first },
      { guests: a, price: second },
    ]) as typeof first;
    expect(combined.payable_online).toEqual(eur(150));
    expect(combined.fees).toEqual([{ code: 'X', name: 'Extra', amount: eur(7), included: false, payable: 'online' }]);
    expect(combined.currency).toBe('EUR');
  });

  it("sums what is payable at the property with its restatement in the property's currency", () => {
    const local = (amount: number) => ({ amount, currency: 'GBP' });
    const first = { ...price(10000), payable_at_property: { ...eur(400), local: local(340) } };
    const second = { ...price(10000), payable_at_property: { ...eur(600), local: local(510) } };
    const combined = combineRoomPrices([
      { guests: a, price: first },
      { guests: a, price: second },
    ]);
    expect(combined.payable_at_property).toEqual({ ...eur(1000), local: local(850) });
  });

  it('refuses no room at all', () => {
    expect(() => combineRoomPrices([])).toThrow();
  });
});

describe('wholeParty', () => {
  it('sums adults and lists every child', () => {
    expect(
      wholeParty([
        { adults: 2, children: [{ age: 3 }] },
        { adults: 1, children: [{ age: 9 }] },
      ]),
    ).toEqual({ adults: 3, children: [{ age: 3 }, { age: 9 }] });
  });
});
