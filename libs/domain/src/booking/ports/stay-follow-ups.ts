import type { Stay } from '../../stay/stay-rules';
import type { AuditActor, BookingRecord } from '../chain.types';

/**
 * Port: the guest follow-ups that follow a booking's stay (docs/follow-ups.md). Each method joins
 * the caller's transaction; the worker's jobs are enqueued only after it commits.
 */
export abstract class StayFollowUps {
  /** Schedules `pre_arrival` (48 h before check-in, or at once) and `post_stay` (the day after check-out). */
  abstract scheduleForConfirmedBooking(booking: BookingRecord, by: AuditActor): Promise<void>;
  /** Cancels what is still scheduled for the booking. */
  abstract cancelScheduled(booking: BookingRecord, by: AuditActor): Promise<void>;
  /** Moves the still scheduled `pre_arrival` and `post_stay` to the booking's new stay. */
  abstract rescheduleForStay(tenantId: string, bookingId: string, stay: Stay): Promise<void>;
}
