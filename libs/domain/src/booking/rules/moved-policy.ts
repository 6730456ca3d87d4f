import type { Money } from '../../money/money';
import type { PolicySnapshot, PriceBreakdown } from '../chain.types';
import { freeCancellationCutoff } from './cancellation-fee';
import { cancellationTimeline } from './cancellation-timeline';
import { snapshotPolicy } from './policy-snapshot';

/** The new stay a booking moves to, as the property states it now. */
export interface MoveTarget {
  checkIn: string;
  checkinTime: string | null;
  timezone: string;
  /** The fee base of the new price (`cancellationBase`). */
  total: Money;
  /** The new price's payable split, frozen with the terms. */
  payable?: Pick<PriceBreakdown, 'payable_online' | 'payable_at_property'>;
}

/**
 * The policy snapshot of a booking moved to other dates: its frozen terms (policy id, version, kind,
 * hours, percentage) with `check_in_at`, `timezone` and the timeline of the new dates, and a
 * `free_cancellation_until` that is the earlier of the booking's deadline before the move and the
 * new dates' deadline. Free cancellation therefore never ends later than it did: a booking past its
 * cutoff that moves 60 days ahead still pays the after-cutoff fee. The fee steps are free, then the
 * same percentage of the same total, so the fee at any instant after a move is at least what it was
 * without the move (docs/back-office.md "Booking modification").
 */
export function movedPolicySnapshot(booked: PolicySnapshot, target: MoveTarget): PolicySnapshot {
  const terms = snapshotPolicy(
    {
      policy_id: booked.policy_id,
      version: booked.version,
      cancellation_kind: booked.cancellation_kind,
      free_cancellation_hours_before_checkin: booked.free_cancellation_hours_before_checkin,
      cancellation_fee_pct_after_cutoff: booked.cancellation_fee_pct_after_cutoff,
      child_policy_text: booked.child_policy_text,
    },
    target.checkIn,
    target.checkinTime,
    target.timezone,
  );
  const moved = { ...terms, free_cancellation_until: earlierDeadline(booked, terms) };
  return {
    ...moved,
    cancellation_timeline: cancellationTimeline(moved, target.checkIn, target.total),
    ...(target.payable ? { payable_online: target.payable.payable_online, payable_at_property: target.payable.payable_at_property } : {}),
    // The payment terms stay the booking's (docs/payments.md).
    ...(booked.payment_terms ? { payment_terms: booked.payment_terms } : {}),
  };
}

function earlierDeadline(booked: PolicySnapshot, terms: PolicySnapshot): string | null {
  if (terms.free_cancellation_until === null) return null;
  const before = freeCancellationCutoff(booked, new Date(booked.check_in_at));
  if (Number.isNaN(before) || before >= Date.parse(terms.free_cancellation_until)) return terms.free_cancellation_until;
  return new Date(before).toISOString().replace('.000Z', 'Z');
}
