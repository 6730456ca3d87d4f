import { DateTime } from 'luxon';

/**
 * Calendar arithmetic on the hot path (docs/performance.md, "Calendar arithmetic"): dates as
 * days since 1970-01-01 in plain integer arithmetic, today in a zone from one cached
 * `Intl.DateTimeFormat` per zone, and local-time-to-instant conversions (which need the zone's
 * rules, DST included) from luxon, remembered per input since they are pure.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a real `YYYY-MM-DD` date, or null when it is not one. */
export function epochDay(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / DAY_MS);
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01 (years 0–9999). */
export function isoDateOfEpochDay(day: number): string {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const dom = date.getUTCDate();
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${dom < 10 ? '0' : ''}${dom}`;
}

/** `date` (a real `YYYY-MM-DD`) plus `days`. */
export function plusDays(date: string, days: number): string {
  const day = epochDay(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  return isoDateOfEpochDay(day + days);
}

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormatOf(timezone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timezone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        calendar: 'iso8601',
        numberingSystem: 'latn',
      });
    } catch {
      format = null;
    }
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timezone, format);
  }
  return format;
}

/** Today's date (`YYYY-MM-DD`) in an IANA time zone; a zone Intl does not know is left to luxon (which falls back to UTC). */
export function todayInZone(timezone: string, now: Date): string {
  const format = dayFormatOf(timezone);
  if (format !== null) {
    let year = '';
    let month = '';
    let day = '';
    for (const part of format.formatToParts(now)) {
      if (part.type === 'year') year = part.value;
      else if (part.type === 'month') month = part.value;
      else if (part.type === 'day') day = part.value;
    }
    if (year.length === 4 && month.length === 2 && day.length === 2) return `${year}-${month}-${day}`;
  }
  const local = DateTime.fromJSDate(now, { zone: timezone });
  return (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'UTC' })).toISODate() as string;
}

/** A pure function of strings, remembered per input (bounded: cleared when full). */
export function remembered<A extends string[]>(fn: (...args: A) => string, limit = 10_000): (...args: A) => string {
  const seen = new Map<string, string>();
  return (...args: A) => {
    const key = args.join('\u0000');
    let value = seen.get(key);
    if (value === undefined) {
      value = fn(...args);
      if (seen.size >= limit) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}

/** An RFC 3339 instant moved by `ms`, printed as luxon prints a UTC instant (no `.000`); null when it is not one. */
export function shiftInstant(instant: string, ms: number): string | null {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return null;
  const iso = new Date(at + ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
