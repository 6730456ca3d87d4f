import { isoWeekdays, stayRestrictionChangeErrors } from './stay-restriction-input';

const range = { from: '2027-05-01', to: '2027-05-31' };

describe('stay restriction input', () => {
  it('accepts a range with pairs in order, equal bounds and one side alone', () => {
    expect(stayRestrictionChangeErrors({ range, daysOfWeek: null, values: { min_stay_arrival: 2, max_stay_arrival: 2, max_stay_through: 1 } })).toEqual([]);
    expect(stayRestrictionChangeErrors({ range, daysOfWeek: ['fri'], values: { min_advance_days: 0, max_advance_days: 0, min_stay_through: null } })).toEqual(
      [],
    );
  });

  it('names every failing path at once: the range and each maximum below its minimum', () => {
    expect(
      stayRestrictionChangeErrors({
        range: { from: '2027-05-31', to: '2027-05-01' },
        daysOfWeek: null,
        values: { min_stay_arrival: 3, max_stay_arrival: 2, min_stay_through: 5, max_stay_through: 4, min_advance_days: 10, max_advance_days: 9 },
      }).map((e) => e.path),
    ).toEqual(['to', 'max_stay_arrival', 'max_stay_through', 'max_advance_days']);
    expect(stayRestrictionChangeErrors({ range: { from: '2027-01-01', to: '2029-01-02' }, daysOfWeek: null, values: {} }).map((e) => e.path)).toEqual(['to']);
    expect(stayRestrictionChangeErrors({ range: { from: '2027-02-30', to: '2027-13-01' }, daysOfWeek: null, values: {} }).map((e) => e.path)).toEqual([
      'from',
      'to',
    ]);
  });

  it('maps days of the week to ISO weekday numbers, once each', () => {
    expect(isoWeekdays(['sun', 'mon', 'fri', 'sat', 'fri'])).toEqual([1, 5, 6, 7]);
  });
});
