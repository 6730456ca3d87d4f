import { DateTime } from 'luxon';
import { epochDay, isoDateOfEpochDay, plusDays, remembered, shiftInstant, todayInZone } from './calendar';

// The plain arithmetic must answer exactly what luxon answered before it (docs/performance.md).
describe('calendar arithmetic', () => {
  const luxonDate = (value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const date = DateTime.fromISO(value, { zone: 'UTC' });
    return date.isValid ? date : null;
  };

  it('accepts exactly the real dates luxon accepts', () => {
    const samples = [
      '2024-02-29',
      '2023-02-29',
      '2100-02-29',
      '2000-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '0099-12-31',
      '9999-12-31',
      '2026-1-01',
      '2026-01-01T00:00',
      ' 2026-01-01',
      '1969-12-31',
    ];
    for (const value of samples) expect([value, epochDay(value) === null]).toEqual([value, luxonDate(value) === null]);
  });

  it('counts and prints days as luxon does, across years, leap days and centuries', () => {
    let rng = 42;
    const next = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const start = DateTime.fromObject({ year: 1900 + (next() % 300), month: 1 + (next() % 12), day: 1 + (next() % 28) }, { zone: 'UTC' });
      const days = (next() % 800) - 400;
      const iso = start.toISODate() as string;
      expect(plusDays(iso, days)).toBe(start.plus({ days }).toISODate());
      const end = start.plus({ days });
      expect((epochDay(end.toISODate() as string) as number) - (epochDay(iso) as number)).toBe(Math.round(end.diff(start, 'days').days));
      expect(isoDateOfEpochDay(epochDay(iso) as number)).toBe(iso);
    }
  });

  it('tells today in a zone as luxon does, on both sides of midnight and of DST changes', () => {
    const zones = [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
      'Etc/GMT-14',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'America/St_Johns',
    ];
    const base = Date.UTC(2026, 2, 8, 0, 0);
    for (const zone of zones) {
      for (let h = 0; h < 24 * 40; h += 7) {
        const now = new Date(base + h * 3_600_000 + 59 * 60_000);
        expect([zone, now.toISOString(), todayInZone(zone, now)]).toEqual([zone, now.toISOString(), DateTime.fromJSDate(now, { zone }).toISODate()]);
      }
    }
  });

  it('falls back to UTC for a zone nobody knows, as luxon did', () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(todayInZone('Not/AZone', now)).toBe('2026-11-26');
  });

  it('moves an instant and prints it as luxon prints UTC, null for no instant', () => {
    expect(shiftInstant('2026-12-01T15:00:00Z', -48 * 3_600_000)).toBe('2026-11-29T15:00:00Z');
    expect(shiftInstant('2026-12-01T15:00:00.250Z', 0)).toBe(
      DateTime.fromISO('2026-12-01T15:00:00.250Z', { zone: 'UTC' }).toISO({ suppressMilliseconds: true }),
    );
    expect(shiftInstant('nonsense', 0)).toBeNull();
  });

  it('remembers a pure function per input, and computes again once full', () => {
    const calls: string[] = [];
    const twice = remembered((a: string, b: string) => {
      calls.push(a + b);
      return a + b + a + b;
    }, 2);
    expect(twice('x', 'y')).toBe('xyxy');
    expect(twice('x', 'y')).toBe('xyxy');
    expect(twice('xy', '')).toBe('xyxy');
    expect(calls).toEqual(['xy', 'xy']);
    twice('a', 'b');
    twice('c', 'd');
    twice('x', 'y');
    expect(calls).toHaveLength(5);
  });
});
