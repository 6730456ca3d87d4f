import { DateTime } from 'luxon';
import type { CancellationKind, PolicySnapshot } from '../chain.types';
import { remembered, shiftInstant } from '../../stay/calendar';

/** Check-in time used when the property states none. */
export const DEFAULT_CHECKIN_TIME = '15:00';

export interface PolicyTerms {
  policy_id: string;
  version: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: number;
  child_policy_text: string | null;
}

/**
 * The instant of check-in: the check-in date at the property's check-in time (`HH:MM`, else
 * 15:00) in the property's time zone, as RFC 3339 UTC.
 */
export function checkInInstant(checkIn: string, checkinTime: string | null, timezone: string): string {
  const time = checkinTime && /^\d{2}:\d{2}/.test(checkinTime) ? checkinTime.slice(0, 5) : DEFAULT_CHECKIN_TIME;
  return localInstant(checkIn, time, timezone);
}

// Pure in its three strings, and the zone's rules need luxon: remembered (docs/performance.md).
const localInstant = remembered((checkIn: string, time: string, timezone: string): string => {
  let local = DateTime.fromISO(`${checkIn}T${time}`, { zone: timezone });
  if (!local.isValid) local = DateTime.fromISO(`${checkIn}T${time}`, { zone: 'UTC' });
  return local.toUTC().toISO({ suppressMilliseconds: true }) as string;
});

/** End of free cancellation: `hours` before check-in, or null when the terms are non-refundable. */
export function freeCancellationUntil(
  terms: Pick<PolicyTerms, 'cancellation_kind' | 'free_cancellation_hours_before_checkin'>,
  checkInAt: string,
): string | null {
  if (terms.cancellation_kind !== 'free_cancellation') return null;
  return shiftInstant(checkInAt, -terms.free_cancellation_hours_before_checkin * 3_600_000) as string;
}

/** Freezes a policy for a stay at a property: what a quote, and then a booking, carries. */
export function snapshotPolicy(terms: PolicyTerms, checkIn: string, checkinTime: string | null, timezone: string): PolicySnapshot {
  const checkInAt = checkInInstant(checkIn, checkinTime, timezone);
  return { ...terms, free_cancellation_until: freeCancellationUntil(terms, checkInAt), check_in_at: checkInAt, timezone };
}
