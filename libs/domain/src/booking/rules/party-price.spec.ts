import { childNightPrice, defaultOccupancyPricing, partyNightPrice, readNightOccupancy, readOccupancyPricing } from './party-price';

const adults = (n: number, ...ages: number[]) => ({ adults: n, children: ages.map((age) => ({ age })) });
const plan = {
  base_adults: 2,
  extra_adult: 3000,
  child_rates: [
    { max_age: 5, amount: 0 },
    { max_age: 11, amount: 1500 },
  ],
};

describe('party pricing', () => {
  it('defaults to min(2, max_occupancy) adults, extra adults and children free', () => {
    expect(defaultOccupancyPricing(1)).toEqual({ base_adults: 1, extra_adult: 0, child_rates: [] });
    expect(defaultOccupancyPricing(2)).toEqual({ base_adults: 2, extra_adult: 0, child_rates: [] });
    expect(defaultOccupancyPricing(5)).toEqual({ base_adults: 2, extra_adult: 0, child_rates: [] });
    expect(partyNightPrice(10000, adults(4, 3, 16), defaultOccupancyPricing(6), null)).toBe(10000);
  });

  it('charges extra_adult for each adult above base_adults and nothing below', () => {
    expect(partyNightPrice(10000, adults(1), plan, null)).toBe(10000);
    expect(partyNightPrice(10000, adults(2), plan, null)).toBe(10000);
    expect(partyNightPrice(10000, adults(3), plan, null)).toBe(13000);
    expect(partyNightPrice(10000, adults(5), plan, null)).toBe(19000);
  });

  it('prices a child at the first bracket whose max_age reaches the age, older than every bracket at extra_adult', () => {
    expect(childNightPrice(0, plan.child_rates, 3000)).toBe(0);
    expect(childNightPrice(5, plan.child_rates, 3000)).toBe(0);
    expect(childNightPrice(6, plan.child_rates, 3000)).toBe(1500);
    expect(childNightPrice(11, plan.child_rates, 3000)).toBe(1500);
    expect(childNightPrice(12, plan.child_rates, 3000)).toBe(3000);
    expect(childNightPrice(17, [], 0)).toBe(0);
    expect(partyNightPrice(10000, adults(2, 4, 8, 14), plan, null)).toBe(10000 + 0 + 1500 + 3000);
  });

  it('takes by_adults[adults] when the night sets it, else the formula; children are added to either', () => {
    const night = { by_adults: { '1': 8000, '3': 15000 } };
    expect(partyNightPrice(10000, adults(1), plan, night)).toBe(8000);
    expect(partyNightPrice(10000, adults(2), plan, night)).toBe(10000);
    expect(partyNightPrice(10000, adults(3, 8), plan, night)).toBe(16500);
    expect(partyNightPrice(10000, adults(4), plan, night)).toBe(16000);
  });

  it("lets the night's extra_adult and child_rates override the plan's", () => {
    const night = { extra_adult: 500, child_rates: [{ max_age: 17, amount: 100 }] };
    expect(partyNightPrice(10000, adults(3, 2, 15), plan, night)).toBe(10000 + 500 + 100 + 100);
    // a night extra_adult of 0 is set (not "unset"), and children older than its brackets pay it
    expect(partyNightPrice(10000, adults(3, 13), plan, { extra_adult: 0 })).toBe(10000 + 0 + 0);
    expect(partyNightPrice(10000, adults(2, 13), plan, { child_rates: [] })).toBe(13000);
  });

  it('reads stored pricing with defaults filled and brackets in ascending order', () => {
    expect(readOccupancyPricing(null, 4)).toEqual(defaultOccupancyPricing(4));
    expect(readOccupancyPricing({ extra_adult: 2500 }, 1)).toEqual({ base_adults: 1, extra_adult: 2500, child_rates: [] });
    expect(
      readOccupancyPricing({ base_adults: 3, extra_adult: 1, child_rates: [{ max_age: 12, amount: 2 }, { max_age: 3, amount: 0 }, { max_age: 'x' }] }, 4),
    ).toEqual({
      base_adults: 3,
      extra_adult: 1,
      child_rates: [
        { max_age: 3, amount: 0 },
        { max_age: 12, amount: 2 },
      ],
    });
    expect(readNightOccupancy(null, null, null)).toBeNull();
    expect(readNightOccupancy({ '2': 9000, x: 1, '3': -1 }, '700', null)).toEqual({ by_adults: { '2': 9000 }, extra_adult: 700, child_rates: null });
    expect(readNightOccupancy(null, null, [])).toEqual({ by_adults: null, extra_adult: null, child_rates: [] });
  });
});
