import { DateTime } from 'luxon';
import { todayIn } from '../../stay/stay-rules';

/** Bounds of `days` (1..90, default 30) in the ARI feed's query (docs/feeds.md). */
export const ARI_DAYS = { min: 1, max: 90, default: 30 } as const;

/**
 * The check-in dates of a property in the ARI feed: `days` dates starting today in the property's
 * time zone, the first date a quote accepts there.
 */
export function ariCheckIns(timezone: string, days: number, now: Date): string[] {
  // Calendar dates: plain UTC day arithmetic (a feed computes this for every property).
  const first = Date.parse(`${todayIn(timezone, now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * When the current local day began in the zone that started its day last: the ARI document
 * changes then (every window moves by a day), so it is part of Last-Modified.
 */
export function latestDayStart(timezones: string[], now: Date): Date | null {
  let latest: number | null = null;
  for (const zone of timezones) {
    const local = DateTime.fromJSDate(now, { zone });
    const start = (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'UTC' })).startOf('day').toMillis();
    if (latest === null || start > latest) latest = start;
  }
  return latest === null ? null : new Date(latest);
}

/** The union of every property's window, as inclusive dates, for reading rates and inventory in one range. */
export function ariDateRange(timezones: string[], days: number, now: Date): { from: string; to: string } {
  const firsts = (timezones.length > 0 ? timezones : ['UTC']).map((zone) => todayIn(zone, now)).sort();
  const last = DateTime.fromISO(firsts[firsts.length - 1], { zone: 'UTC' }).plus({ days: days - 1 });
  return { from: firsts[0], to: last.toISODate() as string };
}
