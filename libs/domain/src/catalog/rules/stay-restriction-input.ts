import type { FieldError } from '../../errors/domain-error';
import type { StayRestrictions } from '../../stay/stay-restrictions';
import type { DateRange } from '../catalog';
import { dateRangeErrors } from './catalog-input';

/** Days of the week as the restrictions route takes them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** ISO weekday numbers (Monday 1 … Sunday 7) of the days given, as Postgres' `isodow` counts them. */
export function isoWeekdays(days: readonly Weekday[]): number[] {
  return [...new Set(days.map((d) => WEEKDAYS.indexOf(d) + 1))].sort((a, b) => a - b);
}

/**
 * A change of a rate plan's restrictions: the fields present in `values` are set (null clears) on
 * every date of the inclusive range, or only on `daysOfWeek` when given; absent fields stay.
 */
export interface StayRestrictionChange {
  range: DateRange;
  daysOfWeek: Weekday[] | null;
  values: Partial<StayRestrictions>;
}

/** Each maximum and the minimum it may not be below. */
export const STAY_RESTRICTION_MINIMUM_OF = {
  max_stay_arrival: 'min_stay_arrival',
  max_stay_through: 'min_stay_through',
  max_advance_days: 'min_advance_days',
} as const satisfies Partial<Record<keyof StayRestrictions, keyof StayRestrictions>>;

/** What is wrong with a maximum sent below the minimum sent with it, or null. */
export function maximumBelowMinimum(values: Partial<Record<keyof StayRestrictions, unknown>>, max: keyof typeof STAY_RESTRICTION_MINIMUM_OF): string | null {
  const min = STAY_RESTRICTION_MINIMUM_OF[max];
  const low = values[min];
  const high = values[max];
  return typeof low === 'number' && typeof high === 'number' && high < low ? `must not be below ${min} (${low})` : null;
}

/**
 * Every input error of a change the DTO cannot see: the range (real dates, order, at most 731
 * nights) and each maximum sent below the minimum sent with it.
 */
export function stayRestrictionChangeErrors(change: StayRestrictionChange): FieldError[] {
  const errors = dateRangeErrors(change.range);
  for (const max of Object.keys(STAY_RESTRICTION_MINIMUM_OF) as Array<keyof typeof STAY_RESTRICTION_MINIMUM_OF>) {
    const message = maximumBelowMinimum(change.values, max);
    if (message) errors.push({ path: max, message });
  }
  return errors;
}
