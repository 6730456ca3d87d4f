import type { OccupancyPricingInput, Tax } from '../catalog';
import {
  chargeFields,
  chargeViolations,
  childRatesViolations,
  nightPartyPricesViolations,
  occupancyPricingFields,
  occupancyPricingViolations,
} from './pricing-input';

const paths = (errors: Array<{ path: string }>) => errors.map((e) => e.path);

describe('party pricing and charge input', () => {
  it('takes base_adults from 1 to max_occupancy and extra_adult from 0', () => {
    expect(occupancyPricingViolations({ base_adults: 1, extra_adult: 0 }, 4)).toEqual([]);
    expect(occupancyPricingViolations({ base_adults: 4 }, 4)).toEqual([]);
    expect(paths(occupancyPricingViolations({ base_adults: 0, extra_adult: -1 }, 4))).toEqual([
      'occupancy_pricing.base_adults',
      'occupancy_pricing.extra_adult',
    ]);
    expect(paths(occupancyPricingViolations({ base_adults: 5, extra_adult: 1.5 }, 4))).toEqual([
      'occupancy_pricing.base_adults',
      'occupancy_pricing.extra_adult',
    ]);
  });

  it('takes brackets with max_age 0..17, strictly ascending, amounts from 0', () => {
    expect(
      childRatesViolations(
        [
          { max_age: 0, amount: 0 },
          { max_age: 17, amount: 1 },
        ],
        'c',
      ),
    ).toEqual([]);
    expect(
      paths(
        childRatesViolations(
          [
            { max_age: -1, amount: 0 },
            { max_age: 18, amount: 0 },
          ],
          'c',
        ),
      ),
    ).toEqual(['c.0.max_age', 'c.1.max_age']);
    expect(
      paths(
        childRatesViolations(
          [
            { max_age: 5, amount: 0 },
            { max_age: 5, amount: -1 },
            { max_age: 4, amount: 0 },
          ],
          'c',
        ),
      ),
    ).toEqual(['c.1.max_age', 'c.1.amount', 'c.2.max_age']);
  });

  it('takes by_adults keys "1".."max_occupancy" with amounts from 0, and a night extra_adult from 0', () => {
    expect(nightPartyPricesViolations({ by_adults: { '1': 0, '3': 100 }, extra_adult: 0, child_rates: [] }, 3)).toEqual([]);
    expect(paths(nightPartyPricesViolations({ by_adults: { '0': 1, '6': 1, '01': 1, x: 1, '2': -5 }, extra_adult: -1 }, 5)).sort()).toEqual(
      ['by_adults.0', 'by_adults.01', 'by_adults.2', 'by_adults.6', 'by_adults.x', 'extra_adult'].sort(),
    );
    expect(nightPartyPricesViolations({ by_adults: null, extra_adult: null, child_rates: null }, 3)).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [String(i + 1), 1]));
    expect(paths(nightPartyPricesViolations({ by_adults: many }, 3))).toEqual(['by_adults']);
  });

  it('wants exactly one of rate_bps or amount with per, and no included item collected at the property', () => {
    expect(
      chargeViolations(
        [
          { code: 'A', name: 'a', rate_bps: 0 },
          { code: 'B', name: 'b', amount: 0, per: 'person_stay', payable: 'at_property' },
        ],
        't',
      ),
    ).toEqual([]);
    expect(
      paths(
        chargeViolations(
          [
            { code: 'A', name: 'a' },
            { code: 'B', name: 'b', rate_bps: 1, amount: 1, per: 'night' },
            { code: 'C', name: 'c', amount: 1 },
            { code: 'D', name: 'd', rate_bps: 1, per: 'stay' },
            { code: 'E', name: 'e', amount: 1, per: 'stay', included: true, payable: 'at_property' },
          ],
          't',
        ),
      ),
    ).toEqual(['t.0', 't.1', 't.2.per', 't.3.per', 't.4.payable']);
    expect(chargeViolations(undefined, 't')).toEqual([]);
    // null is "not set" for every optional key
    const nulls = { code: 'N', name: 'n', rate_bps: null, amount: 1, per: null, included: null, payable: null } as unknown as Tax;
    expect(paths(chargeViolations([nulls], 't'))).toEqual(['t.0.per']);
    expect(chargeFields({ ...nulls, per: 'night' })).toEqual({ code: 'N', name: 'n', amount: 1, per: 'night' });
  });

  it('stores what was set, in a fixed order, and nothing for an empty occupancy pricing', () => {
    expect(chargeFields({ payable: 'online', name: 'n', code: 'c', rate_bps: 5 })).toEqual({ code: 'c', name: 'n', rate_bps: 5, payable: 'online' });
    expect(Object.keys(chargeFields({ per: 'night', amount: 1, code: 'c', name: 'n', included: false }))).toEqual([
      'code',
      'name',
      'amount',
      'per',
      'included',
    ]);
    expect(occupancyPricingFields({})).toBeNull();
    expect(occupancyPricingFields(null)).toBeNull();
    expect(occupancyPricingFields({ child_rates: [] })).toEqual({ child_rates: [] });
    const nulls = { base_adults: null, extra_adult: null, child_rates: null } as unknown as OccupancyPricingInput;
    expect(occupancyPricingViolations(nulls, 2)).toEqual([]);
    expect(occupancyPricingFields(nulls)).toBeNull();
  });
});
