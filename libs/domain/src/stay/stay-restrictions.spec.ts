import { RestrictionsByDate, stayRestrictionViolations } from './stay-restrictions';

const today = '2027-05-01';
/** Arrival 2027-05-10 (9 days ahead), `nights` nights. */
const stay = (nights: number, checkIn = '2027-05-10') => {
  const day = new Date(`${checkIn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + nights);
  return { check_in: checkIn, check_out: day.toISOString().slice(0, 10) };
};
const check = (nights: number, restrictions: RestrictionsByDate, checkIn?: string) => stayRestrictionViolations(stay(nights, checkIn), today, restrictions);
const rules = (nights: number, restrictions: RestrictionsByDate, checkIn?: string) => check(nights, restrictions, checkIn).map((v) => v.rule);

describe('stay restrictions', () => {
  it('breaks nothing without restrictions, or with null and false values', () => {
    expect(check(3, {})).toEqual([]);
    expect(
      check(3, { '2027-05-10': { min_stay_arrival: null, stop_sell: false, closed_to_arrival: false }, '2027-05-13': { closed_to_departure: false } }),
    ).toEqual([]);
  });

  it('min_stay_arrival: read on the arrival date only, a stay of exactly the minimum passes', () => {
    const r = { '2027-05-10': { min_stay_arrival: 3 } };
    expect(check(2, r)).toEqual([{ rule: 'min_stay_arrival', date: '2027-05-10', limit: 3 }]);
    expect(check(3, r)).toEqual([]);
    // the value of a later night is not an arrival value
    expect(check(1, { '2027-05-11': { min_stay_arrival: 3 } }, '2027-05-10')).toEqual([]);
    expect(check(1, { '2027-05-09': { min_stay_arrival: 3 } })).toEqual([]);
  });

  it('max_stay_arrival: a stay of exactly the maximum passes, one night more breaks it', () => {
    const r = { '2027-05-10': { max_stay_arrival: 3 } };
    expect(check(3, r)).toEqual([]);
    expect(check(4, r)).toEqual([{ rule: 'max_stay_arrival', date: '2027-05-10', limit: 3 }]);
    expect(check(4, { '2027-05-11': { max_stay_arrival: 1 } })).toEqual([]);
  });

  it('min_stay_through: read on every night, not on the check-out date', () => {
    expect(check(2, { '2027-05-11': { min_stay_through: 3 } })).toEqual([{ rule: 'min_stay_through', date: '2027-05-11', limit: 3 }]);
    expect(check(3, { '2027-05-11': { min_stay_through: 3 } })).toEqual([]);
    expect(check(2, { '2027-05-12': { min_stay_through: 3 } })).toEqual([]);
    expect(check(2, { '2027-05-09': { min_stay_through: 3 } })).toEqual([]);
    // every night carrying it is reported
    expect(check(2, { '2027-05-10': { min_stay_through: 4 }, '2027-05-11': { min_stay_through: 3 } })).toEqual([
      { rule: 'min_stay_through', date: '2027-05-10', limit: 4 },
      { rule: 'min_stay_through', date: '2027-05-11', limit: 3 },
    ]);
  });

  it('max_stay_through: read on every night, exactly the maximum passes', () => {
    expect(check(3, { '2027-05-12': { max_stay_through: 2 } })).toEqual([{ rule: 'max_stay_through', date: '2027-05-12', limit: 2 }]);
    expect(check(2, { '2027-05-11': { max_stay_through: 2 } })).toEqual([]);
    expect(check(3, { '2027-05-13': { max_stay_through: 2 } })).toEqual([]);
  });

  it('closed_to_arrival: the arrival date only', () => {
    expect(check(2, { '2027-05-10': { closed_to_arrival: true } })).toEqual([{ rule: 'closed_to_arrival', date: '2027-05-10', limit: true }]);
    expect(check(2, { '2027-05-11': { closed_to_arrival: true } })).toEqual([]);
    expect(check(2, { '2027-05-12': { closed_to_arrival: true } })).toEqual([]);
  });

  it('closed_to_departure: the check-out date only, not a night of the stay', () => {
    expect(check(2, { '2027-05-12': { closed_to_departure: true } })).toEqual([{ rule: 'closed_to_departure', date: '2027-05-12', limit: true }]);
    expect(check(2, { '2027-05-11': { closed_to_departure: true } })).toEqual([]);
    expect(check(2, { '2027-05-10': { closed_to_departure: true } })).toEqual([]);
    expect(check(2, { '2027-05-13': { closed_to_departure: true } })).toEqual([]);
  });

  it('stop_sell: any night of the stay, each reported; the check-out date is no night', () => {
    expect(check(3, { '2027-05-10': { stop_sell: true }, '2027-05-12': { stop_sell: true } })).toEqual([
      { rule: 'stop_sell', date: '2027-05-10', limit: true },
      { rule: 'stop_sell', date: '2027-05-12', limit: true },
    ]);
    expect(check(3, { '2027-05-13': { stop_sell: true }, '2027-05-09': { stop_sell: true } })).toEqual([]);
  });

  it('min_advance_days: whole days from today to arrival, read on arrival; exactly the minimum passes', () => {
    // arrival 2027-05-10 is 9 days after today 2027-05-01
    expect(check(1, { '2027-05-10': { min_advance_days: 9 } })).toEqual([]);
    expect(check(1, { '2027-05-10': { min_advance_days: 10 } })).toEqual([{ rule: 'min_advance_days', date: '2027-05-10', limit: 10 }]);
    expect(check(1, { '2027-05-01': { min_advance_days: 1 } }, '2027-05-01')).toEqual([{ rule: 'min_advance_days', date: '2027-05-01', limit: 1 }]);
    expect(check(1, { '2027-05-01': { min_advance_days: 0 } }, '2027-05-01')).toEqual([]);
    expect(check(1, { '2027-05-11': { min_advance_days: 30 } })).toEqual([]);
  });

  it('max_advance_days: exactly the maximum passes, a day further breaks it', () => {
    expect(check(1, { '2027-05-10': { max_advance_days: 9 } })).toEqual([]);
    expect(check(1, { '2027-05-10': { max_advance_days: 8 } })).toEqual([{ rule: 'max_advance_days', date: '2027-05-10', limit: 8 }]);
    expect(check(1, { '2027-05-01': { max_advance_days: 0 } }, '2027-05-01')).toEqual([]);
  });

  it('reports every broken rule at once, by date then field', () => {
    const r: RestrictionsByDate = {
      '2027-05-10': { min_stay_arrival: 5, max_stay_arrival: 1, min_stay_through: 4, closed_to_arrival: true, min_advance_days: 20, stop_sell: true },
      '2027-05-11': { stop_sell: true, max_stay_through: 1 },
      '2027-05-12': { closed_to_departure: true, stop_sell: true, min_stay_arrival: 9 },
    };
    expect(check(2, r)).toEqual([
      { rule: 'min_stay_arrival', date: '2027-05-10', limit: 5 },
      { rule: 'max_stay_arrival', date: '2027-05-10', limit: 1 },
      { rule: 'min_stay_through', date: '2027-05-10', limit: 4 },
      { rule: 'closed_to_arrival', date: '2027-05-10', limit: true },
      { rule: 'stop_sell', date: '2027-05-10', limit: true },
      { rule: 'min_advance_days', date: '2027-05-10', limit: 20 },
      { rule: 'max_stay_through', date: '2027-05-11', limit: 1 },
      { rule: 'stop_sell', date: '2027-05-11', limit: true },
      { rule: 'closed_to_departure', date: '2027-05-12', limit: true },
    ]);
  });

  it('counts advance across month and year ends from the local today it is given', () => {
    expect(stayRestrictionViolations({ check_in: '2028-01-01', check_out: '2028-01-02' }, '2027-12-31', { '2028-01-01': { min_advance_days: 2 } })).toEqual([
      { rule: 'min_advance_days', date: '2028-01-01', limit: 2 },
    ]);
    expect(rules(1, { '2027-05-10': { max_advance_days: 8 } })).toEqual(['max_advance_days']);
  });

  it('breaks nothing for a stay the stay rules refuse (no nights, unreal dates)', () => {
    expect(stayRestrictionViolations({ check_in: '2027-05-10', check_out: '2027-05-10' }, today, { '2027-05-10': { stop_sell: true } })).toEqual([]);
    expect(stayRestrictionViolations({ check_in: '2027-02-30', check_out: '2027-03-02' }, today, { '2027-03-01': { stop_sell: true } })).toEqual([]);
  });
});
