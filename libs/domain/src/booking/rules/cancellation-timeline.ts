import { DateTime } from 'luxon';
import type { Money } from '../../money/money';
import type { CancellationTimelineEntry, PolicySnapshot } from '../chain.types';
import { cancellationFee, freeCancellationCutoff } from './cancellation-fee';
import { remembered } from '../../stay/calendar';

type TimelineTerms = Pick<
  PolicySnapshot,
  'cancellation_kind' | 'free_cancellation_hours_before_checkin' | 'cancellation_fee_pct_after_cutoff' | 'check_in_at' | 'timezone'
> &
  Partial<Pick<PolicySnapshot, 'free_cancellation_until'>>;

/**
 * The last instant a booking can be cancelled: the start of the check-in date in the property's
 * time zone (from that local date on the stay has started and cancel answers booking_not_cancellable).
 */
export function cancellableUntil(checkIn: string, timezone: string): string {
  return startOfLocalDay(checkIn, timezone);
}

// Pure in its two strings, and the zone's rules need luxon: remembered (docs/performance.md).
const startOfLocalDay = remembered((checkIn: string, timezone: string): string => {
  let local = DateTime.fromISO(checkIn, { zone: timezone });
  if (!local.isValid) local = DateTime.fromISO(checkIn, { zone: 'UTC' });
  return local.startOf('day').toUTC().toISO({ suppressMilliseconds: true }) as string;
});

/**
 * Machine-readable cancellation terms: `[{until, fee}]` in time order, each entry the fee for a
 * cancellation made before `until` (and after the previous entry's `until`); after the last entry
 * the stay has started and the booking cannot be cancelled. Each fee is computed by
 * `cancellationFee` itself at an instant inside its period, so timeline and cancel always agree.
 */
export function cancellationTimeline(terms: TimelineTerms, checkIn: string, total: Money): CancellationTimelineEntry[] {
  const end = Date.parse(cancellableUntil(checkIn, terms.timezone));
  const checkInAt = new Date(terms.check_in_at);
  const boundaries: number[] = [];
  if (terms.cancellation_kind === 'free_cancellation') {
    const cutoff = freeCancellationCutoff(terms, checkInAt);
    if (cutoff < end) boundaries.push(cutoff);
  }
  boundaries.push(end);
  const entries: CancellationTimelineEntry[] = [];
  for (const until of boundaries) {
    const fee = cancellationFee(terms, total, new Date(until - 1), checkInAt);
    const previous = entries[entries.length - 1];
    const at = new Date(until).toISOString().replace('.000Z', 'Z');
    if (previous && previous.fee.amount === fee.amount) previous.until = at;
    else entries.push({ until: at, fee });
  }
  return entries;
}

/** The snapshot with its timeline; snapshots frozen before timelines existed get theirs computed on read. */
export function withCancellationTimeline(snapshot: PolicySnapshot, checkIn: string, total: Money): PolicySnapshot {
  if (snapshot.cancellation_timeline) return snapshot;
  return { ...snapshot, cancellation_timeline: cancellationTimeline(snapshot, checkIn, total) };
}
