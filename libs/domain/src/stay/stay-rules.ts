import { DateTime } from 'luxon';
import type { FieldError } from '../errors/domain-error';

export const MAX_NIGHTS = 30;
export const MAX_DAYS_AHEAD = 365;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface Stay {
  check_in: string;
  check_out: string;
}

export interface Party {
  adults: number;
  children?: Array<{ age: number }>;
}

/** Today's date (YYYY-MM-DD) in a property's time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  return (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'UTC' })).toISODate() as string;
}

function parseDate(value: string): DateTime | null {
  if (!DATE.test(value)) return null;
  const parsed = DateTime.fromISO(value, { zone: 'UTC' });
  return parsed.isValid ? parsed : null;
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function stayNights(stay: Stay): string[] {
  const start = parseDate(stay.check_in);
  const end = parseDate(stay.check_out);
  if (!start || !end) return [];
  const nights: string[] = [];
  for (let d = start; d < end; d = d.plus({ days: 1 })) nights.push(d.toISODate() as string);
  return nights;
}

/**
 * CONTRACT §5 stay rules, shared by search and quotes: real dates, 1-30 nights, check-in from
 * `today` (the property's local date) up to 365 days ahead. Returns field errors under `prefix`.
 */
export function validateStay(stay: Stay, today: string, prefix = 'stay'): FieldError[] {
  const errors: FieldError[] = [];
  const start = parseDate(stay.check_in);
  const end = parseDate(stay.check_out);
  if (!start) errors.push({ path: `${prefix}.check_in`, message: 'must be a real date in YYYY-MM-DD' });
  if (!end) errors.push({ path: `${prefix}.check_out`, message: 'must be a real date in YYYY-MM-DD' });
  if (!start || !end) return errors;
  const nights = end.diff(start, 'days').days;
  if (nights < 1) errors.push({ path: `${prefix}.check_out`, message: 'must be after check_in' });
  else if (nights > MAX_NIGHTS) errors.push({ path: `${prefix}.check_out`, message: `a stay has at most ${MAX_NIGHTS} nights` });
  const todayDate = parseDate(today) as DateTime;
  if (start < todayDate) errors.push({ path: `${prefix}.check_in`, message: `must not be in the past (today is ${today} at the property)` });
  else if (start > todayDate.plus({ days: MAX_DAYS_AHEAD })) errors.push({ path: `${prefix}.check_in`, message: `must be at most ${MAX_DAYS_AHEAD} days ahead` });
  return errors;
}

export function partySize(party: Party): number {
  return party.adults + (party.children?.length ?? 0);
}

/** One room holds the whole party (CONTRACT §5: adults + children <= max_occupancy). */
export function fitsOccupancy(party: Party, maxOccupancy: number): boolean {
  return partySize(party) <= maxOccupancy;
}
