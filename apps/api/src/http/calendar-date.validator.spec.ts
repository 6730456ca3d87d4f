import { IsOptional, validateSync } from 'class-validator';
import { CALENDAR_DATE_MESSAGE, IsCalendarDate, isCalendarDate } from './calendar-date.validator';

class Range {
  @IsCalendarDate()
  from: unknown;

  @IsOptional()
  @IsCalendarDate()
  to?: unknown;
}

const failures = (from: unknown, to?: unknown) =>
  validateSync(Object.assign(new Range(), { from, to })).map((error) => ({ path: error.property, constraints: error.constraints }));

describe('isCalendarDate', () => {
  it('accepts real days, leap days included', () => {
    for (const date of ['2027-05-10', '2027-01-31', '2027-12-31', '2028-02-29', '2000-02-29', '2027-04-30']) expect(isCalendarDate(date)).toBe(true);
  });

  it('refuses calendar-impossible dates that have the YYYY-MM-DD shape', () => {
    for (const date of ['2027-02-30', '2027-13-45', '2027-02-29', '1900-02-29', '2027-04-31', '2027-00-10', '2027-05-00', '2027-05-32']) {
      expect(isCalendarDate(date)).toBe(false);
    }
  });

  it('refuses other shapes and types', () => {
    for (const value of ['2027-5-1', '2027-05-10T00:00:00Z', ' 2027-05-10', '20270510', '', 'tomorrow', 20270510, null, undefined, ['2027-05-10']]) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });
});

describe('@IsCalendarDate', () => {
  it('names every failing field with one message', () => {
    expect(failures('2027-02-30', '2027-13-45')).toEqual([
      { path: 'from', constraints: { isCalendarDate: CALENDAR_DATE_MESSAGE } },
      { path: 'to', constraints: { isCalendarDate: CALENDAR_DATE_MESSAGE } },
    ]);
  });

  it('passes real dates and leaves an optional absent field alone', () => {
    expect(failures('2028-02-29', '2028-03-01')).toEqual([]);
    expect(failures('2027-05-10')).toEqual([]);
  });
});
