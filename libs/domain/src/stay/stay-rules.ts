import { DomainError, FieldError } from '../errors/domain-error';
import { epochDay, isoDateOfEpochDay, plusDays, todayInZone } from './calendar';

/** A stay as the API takes it: local dates of the property, check-out exclusive. */
export interface Stay {
  check_in: string;
  check_out: string;
}

export interface Party {
  adults: number;
  children?: ReadonlyArray<{ age: number }>;
}

/** Stay limits shared by search and quotes (docs/api-contract.md "Pricing and party"). */
export const STAY_RULES = { minNights: 1, maxNights: 30, maxDaysAhead: 365 } as const;

/** Where a caller's stay fields live in its body, so errors name the caller's own paths. */
export interface StayPaths {
  checkIn: string;
  checkOut: string;
}

export const NESTED_STAY_PATHS: StayPaths = { checkIn: 'stay.check_in', checkOut: 'stay.check_out' };

/** Today's date (`YYYY-MM-DD`) in an IANA time zone; an unknown zone falls back to UTC. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return todayInZone(timezone, now);
}

/** Number of nights between two valid dates (negative when check-out comes first). */
export function nightCount(stay: Stay): number {
  const checkIn = epochDay(stay.check_in);
  const checkOut = epochDay(stay.check_out);
  if (checkIn === null || checkOut === null) return 0;
  return checkOut - checkIn;
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function stayNights(stay: Stay): string[] {
  const checkIn = epochDay(stay.check_in);
  const count = nightCount(stay);
  if (checkIn === null || count <= 0) return [];
  return Array.from({ length: count }, (_, i) => isoDateOfEpochDay(checkIn + i));
}

/**
 * Every violation of the stay rules, as field errors on the caller's paths: real dates,
 * check-out after check-in, 1 to 30 nights, check-in between `earliest` and `latest` (inclusive).
 * For one property, `earliest` is today in its time zone and `latest` 365 days later
 * (`stayWindow`).
 */
export function stayViolations(stay: Stay, window: { earliest: string; latest: string }, paths: StayPaths = NESTED_STAY_PATHS): FieldError[] {
  const errors: FieldError[] = [];
  const checkIn = epochDay(stay.check_in);
  const checkOut = epochDay(stay.check_out);
  if (checkIn === null) errors.push({ path: paths.checkIn, message: 'must be a real date in YYYY-MM-DD format' });
  if (checkOut === null) errors.push({ path: paths.checkOut, message: 'must be a real date in YYYY-MM-DD format' });
  if (checkIn === null || checkOut === null) return errors;
  if (stay.check_in < window.earliest) {
    errors.push({ path: paths.checkIn, message: `must not be in the past (today at the property is ${window.earliest})` });
  } else if (stay.check_in > window.latest) {
    errors.push({ path: paths.checkIn, message: `must be at most ${STAY_RULES.maxDaysAhead} days ahead (on or before ${window.latest})` });
  }
  const nights = nightCount(stay);
  if (nights < STAY_RULES.minNights) {
    errors.push({ path: paths.checkOut, message: 'must be after check_in' });
  } else if (nights > STAY_RULES.maxNights) {
    errors.push({ path: paths.checkOut, message: `the stay must be at most ${STAY_RULES.maxNights} nights (got ${nights})` });
  }
  return errors;
}

/** The check-in window of a property in `timezone`: today there, up to 365 days ahead. */
export function stayWindow(timezone: string, now: Date = new Date()): { earliest: string; latest: string } {
  const today = todayIn(timezone, now);
  return { earliest: today, latest: plusDays(today, STAY_RULES.maxDaysAhead) };
}

/**
 * The widest window any property can have: today in the last time zone on Earth (UTC-12) up to
 * 365 days after today in the first (UTC+14). A stay outside it is invalid for every property, so
 * a search across many time zones rejects it up front and applies each property's exact window
 * in the query.
 */
export function anyZoneStayWindow(now: Date = new Date()): { earliest: string; latest: string } {
  return { earliest: stayWindow('Etc/GMT+12', now).earliest, latest: stayWindow('Etc/GMT-14', now).latest };
}

/** Throws `validation_failed` listing every stay violation for a property in `timezone`. */
export function assertStayForProperty(stay: Stay, timezone: string, paths: StayPaths = NESTED_STAY_PATHS, now: Date = new Date()): void {
  const errors = stayViolations(stay, stayWindow(timezone, now), paths);
  if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });
}

/** Party size counted against a room type's `max_occupancy` (docs/api-contract.md "Pricing and party": adults + children). */
export function partySize(party: Party): number {
  return party.adults + (party.children?.length ?? 0);
}

export function partyFits(party: Party, maxOccupancy: number): boolean {
  return partySize(party) <= maxOccupancy;
}
