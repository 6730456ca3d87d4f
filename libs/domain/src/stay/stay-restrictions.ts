import { epochDay, isoDateOfEpochDay } from './calendar';
import type { Stay } from './stay-rules';

/**
 * Stay restrictions of a rate plan on one date (docs/catalog.md "Stay
 * restrictions"); `null` means none. Stays are counted in nights, advance in whole days from today
 * in the property's time zone to the arrival date.
 */
export interface StayRestrictions {
  min_stay_arrival: number | null;
  max_stay_arrival: number | null;
  min_stay_through: number | null;
  max_stay_through: number | null;
  closed_to_arrival: boolean | null;
  closed_to_departure: boolean | null;
  stop_sell: boolean | null;
  min_advance_days: number | null;
  max_advance_days: number | null;
}

export type StayRestrictionField = keyof StayRestrictions;

/** The nine fields in the order the API lists them (and violations are reported per date). */
export const STAY_RESTRICTION_FIELDS: readonly StayRestrictionField[] = [
  'min_stay_arrival',
  'max_stay_arrival',
  'min_stay_through',
  'max_stay_through',
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
  'min_advance_days',
  'max_advance_days',
];

export const BOOLEAN_RESTRICTIONS: readonly StayRestrictionField[] = ['closed_to_arrival', 'closed_to_departure', 'stop_sell'];

/** Input bounds: stays in nights (a stay is at most 30 nights, a restriction may say more), advance in days. */
export const STAY_RESTRICTION_LIMITS = { stay: { min: 1, max: 365 }, advance: { min: 0, max: 730 } } as const;

/** A date without restrictions. */
export const NO_RESTRICTIONS: StayRestrictions = Object.freeze({
  min_stay_arrival: null,
  max_stay_arrival: null,
  min_stay_through: null,
  max_stay_through: null,
  closed_to_arrival: null,
  closed_to_departure: null,
  stop_sell: null,
  min_advance_days: null,
  max_advance_days: null,
});

/** One broken rule: the field, the date whose value applies, and that value (`true` for the boolean rules). */
export interface StayRestrictionViolation {
  rule: StayRestrictionField;
  date: string;
  limit: number | true;
}

/** The restrictions of each date that has any (`YYYY-MM-DD` → values); a date not listed has none. */
export type RestrictionsByDate = Readonly<Record<string, Partial<StayRestrictions>>>;

/**
 * Every restriction the stay breaks, at once, ordered by date then field:
 * - on the arrival date: `min_stay_arrival`/`max_stay_arrival` (the stay's nights), `closed_to_arrival`,
 *   `min_advance_days`/`max_advance_days` (whole days from `today`, the property's local date, to arrival);
 * - on every night (arrival up to, not including, check-out): `min_stay_through`/`max_stay_through`, `stop_sell`;
 * - on the check-out date: `closed_to_departure`.
 * A stay that is not 1+ nights of real dates breaks nothing here (the stay rules refuse it).
 */
export function stayRestrictionViolations(stay: Stay, today: string, restrictions: RestrictionsByDate): StayRestrictionViolation[] {
  const arrival = epochDay(stay.check_in);
  const departure = epochDay(stay.check_out);
  const todayDay = epochDay(today);
  if (arrival === null || departure === null || todayDay === null || departure <= arrival) return [];
  const nights = departure - arrival;
  const advance = arrival - todayDay;
  const out: StayRestrictionViolation[] = [];
  for (let day = arrival; day <= departure; day++) {
    const date = isoDateOfEpochDay(day);
    const r = restrictions[date];
    if (!r) continue;
    const broken = (rule: StayRestrictionField, limit: number | true) => out.push({ rule, date, limit });
    const isArrival = day === arrival;
    const isNight = day < departure;
    if (isArrival && r.min_stay_arrival != null && nights < r.min_stay_arrival) broken('min_stay_arrival', r.min_stay_arrival);
    if (isArrival && r.max_stay_arrival != null && nights > r.max_stay_arrival) broken('max_stay_arrival', r.max_stay_arrival);
    if (isNight && r.min_stay_through != null && nights < r.min_stay_through) broken('min_stay_through', r.min_stay_through);
    if (isNight && r.max_stay_through != null && nights > r.max_stay_through) broken('max_stay_through', r.max_stay_through);
    if (isArrival && r.closed_to_arrival === true) broken('closed_to_arrival', true);
    if (!isNight && r.closed_to_departure === true) broken('closed_to_departure', true);
    if (isNight && r.stop_sell === true) broken('stop_sell', true);
    if (isArrival && r.min_advance_days != null && advance < r.min_advance_days) broken('min_advance_days', r.min_advance_days);
    if (isArrival && r.max_advance_days != null && advance > r.max_advance_days) broken('max_advance_days', r.max_advance_days);
  }
  return out;
}
