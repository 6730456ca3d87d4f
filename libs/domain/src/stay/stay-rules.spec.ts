import { fitsOccupancy, stayNights, todayIn, validateStay } from './stay-rules';

describe('stay rules', () => {
  const today = '2027-03-10';

  it('lists the nights from check-in up to check-out', () => {
    expect(stayNights({ check_in: '2027-03-30', check_out: '2027-04-02' })).toEqual(['2027-03-30', '2027-03-31', '2027-04-01']);
  });

  it('accepts 1 to 30 nights from today up to 365 days ahead', () => {
    expect(validateStay({ check_in: today, check_out: '2027-03-11' }, today)).toEqual([]);
    expect(validateStay({ check_in: today, check_out: '2027-04-09' }, today)).toEqual([]);
    expect(validateStay({ check_in: '2028-03-09', check_out: '2028-03-10' }, today)).toEqual([]);
  });

  it.each([
    [{ check_in: '2027-03-09', check_out: '2027-03-11' }, 'stay.check_in'],
    [{ check_in: '2027-03-12', check_out: '2027-03-12' }, 'stay.check_out'],
    [{ check_in: today, check_out: '2027-04-10' }, 'stay.check_out'],
    [{ check_in: '2028-03-11', check_out: '2028-03-12' }, 'stay.check_in'],
    [{ check_in: '2027-02-30', check_out: '2027-03-12' }, 'stay.check_in'],
  ])('rejects %j at %s', (stay, path) => {
    expect(validateStay(stay, today).map((e) => e.path)).toContain(path);
  });

  it('uses the property time zone for today', () => {
    const instant = new Date('2027-03-10T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2027-03-10');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2027-03-11');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2027-03-10');
  });

  it('fits the whole party in one room', () => {
    expect(fitsOccupancy({ adults: 2, children: [{ age: 3 }] }, 3)).toBe(true);
    expect(fitsOccupancy({ adults: 2, children: [{ age: 3 }, { age: 5 }] }, 3)).toBe(false);
  });
});
