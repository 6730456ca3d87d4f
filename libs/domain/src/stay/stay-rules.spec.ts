import fc from 'fast-check';
import { DomainError } from '../errors/domain-error';
import { anyZoneStayWindow, assertStayForProperty, nightCount, partyFits, stayNights, stayViolations, stayWindow, todayIn } from './stay-rules';

const now = new Date('2026-03-10T23:30:00Z');

describe('stay rules', () => {
  it('computes today in the property time zone', () => {
    expect(todayIn('UTC', now)).toBe('2026-03-10');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-11');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-10');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-10');
  });

  it('lists the nights of a stay, check-out exclusive', () => {
    expect(stayNights({ check_in: '2026-03-30', check_out: '2026-04-02' })).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(nightCount({ check_in: '2026-03-30', check_out: '2026-03-30' })).toBe(0);
    expect(stayNights({ check_in: '2026-03-30', check_out: '2026-03-29' })).toEqual([]);
  });

  it('accepts 1 to 30 nights from today up to 365 days ahead', () => {
    const window = stayWindow('UTC', now);
    expect(window).toEqual({ earliest: '2026-03-10', latest: '2027-03-10' });
    expect(stayViolations({ check_in: '2026-03-10', check_out: '2026-03-11' }, window)).toEqual([]);
    expect(stayViolations({ check_in: '2027-03-10', check_out: '2027-04-09' }, window)).toEqual([]);
  });

  it('names each violated rule on the caller paths', () => {
    const window = stayWindow('UTC', now);
    expect(stayViolations({ check_in: '2026-03-09', check_out: '2026-03-12' }, window).map((e) => e.path)).toEqual(['stay.check_in']);
    expect(stayViolations({ check_in: '2027-03-11', check_out: '2027-03-12' }, window).map((e) => e.path)).toEqual(['stay.check_in']);
    expect(stayViolations({ check_in: '2026-04-01', check_out: '2026-04-01' }, window).map((e) => e.path)).toEqual(['stay.check_out']);
    expect(stayViolations({ check_in: '2026-04-01', check_out: '2026-05-02' }, window)[0].message).toContain('30 nights');
    expect(
      stayViolations({ check_in: '2026-02-30', check_out: '2026-13-01' }, window, { checkIn: 'check_in', checkOut: 'check_out' }).map((e) => e.path),
    ).toEqual(['check_in', 'check_out']);
  });

  it.each([
    [
      'a check-in in the past',
      { check_in: '2026-03-07', check_out: '2026-03-09' },
      'stay.check_in',
      'must not be in the past (today at the property is 2026-03-10)',
    ],
    [
      'a check-in more than 365 days ahead',
      { check_in: '2027-03-11', check_out: '2027-03-13' },
      'stay.check_in',
      'must be at most 365 days ahead (on or before 2027-03-10)',
    ],
    ['no night', { check_in: '2026-04-01', check_out: '2026-04-01' }, 'stay.check_out', 'must be after check_in'],
    ['a check-out before check-in', { check_in: '2026-04-02', check_out: '2026-04-01' }, 'stay.check_out', 'must be after check_in'],
    ['31 nights', { check_in: '2026-04-01', check_out: '2026-05-02' }, 'stay.check_out', 'the stay must be at most 30 nights (got 31)'],
    ['a day the calendar does not have', { check_in: '2026-02-30', check_out: '2026-03-12' }, 'stay.check_in', 'must be a real date in YYYY-MM-DD format'],
  ])('refuses %s with one error on its path, saying why', (_, stay, path, message) => {
    expect(stayViolations(stay, stayWindow('UTC', now))).toEqual([{ path, message }]);
  });

  it('is stricter in a time zone that is already tomorrow', () => {
    expect(() => assertStayForProperty({ check_in: '2026-03-10', check_out: '2026-03-11' }, 'Asia/Tokyo', undefined, now)).toThrow(DomainError);
    expect(() => assertStayForProperty({ check_in: '2026-03-10', check_out: '2026-03-11' }, 'Europe/Lisbon', undefined, now)).not.toThrow();
  });

  it('has an any-zone window that contains every zone window', () => {
    const any = anyZoneStayWindow(now);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Lisbon', 'Asia/Tokyo', 'America/Adak']) {
      const w = stayWindow(zone, now);
      expect(any.earliest <= w.earliest).toBe(true);
      expect(any.latest >= w.latest).toBe(true);
    }
  });

  it('never accepts a stay whose night count is outside 1..30 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -5, max: 60 }), (offset, nights) => {
        const start = new Date(Date.UTC(2026, 2, 10 + offset)).toISOString().slice(0, 10);
        const end = new Date(Date.UTC(2026, 2, 10 + offset + nights)).toISOString().slice(0, 10);
        const errors = stayViolations({ check_in: start, check_out: end }, stayWindow('UTC', now));
        return (nights >= 1 && nights <= 30) === (errors.length === 0);
      }),
    );
  });

  it('counts children against max occupancy', () => {
    expect(partyFits({ adults: 2, children: [{ age: 3 }] }, 3)).toBe(true);
    expect(partyFits({ adults: 2, children: [{ age: 3 }, { age: 5 }] }, 3)).toBe(false);
    expect(partyFits({ adults: 2 }, 2)).toBe(true);
  });
});
