import type { Stay } from '../../stay/stay-rules';
import type { AuditActor, BookingRecord } from '../chain.types';
import type { ChainAuditEntry } from './chain-audit-entry';

/**
 * Port: the guest follow-ups that follow a booking's stay (docs/follow-ups.md). Each method joins
 * the caller's transaction; the worker's jobs are enqueued only after it commits.
 */
/** A follow-up row decided before it is written (its id chosen by the caller). */
export interface PlannedFollowUp {
  id: string;
  tenantId: string;
  bookingId: string;
  kind: 'pre_arrival' | 'post_stay';
  message: null;
  channel: 'email' | 'sandbox';
  origin: 'booking';
  sendAt: Date;
  createdBy: AuditActor;
}

/** The follow-ups a confirmation schedules and their `follow_up.scheduled` audit entries. */
export interface ConfirmationFollowUps {
  rows: PlannedFollowUp[];
  audit: ChainAuditEntry[];
}

export abstract class StayFollowUps {
  /**
   * What confirming `booking` schedules, for the caller to write in its own statement
   * (docs/performance.md): `pre_arrival` and `post_stay` with their audit entries.
   */
  abstract planForConfirmedBooking(booking: BookingRecord, by: AuditActor): ConfirmationFollowUps;
  /** Enqueues the worker's jobs of follow-ups already written (never fails the caller). */
  abstract dispatchPlanned(rows: PlannedFollowUp[]): void;
  /** Schedules `pre_arrival` (48 h before check-in, or at once) and `post_stay` (the day after check-out). */
  abstract scheduleForConfirmedBooking(booking: BookingRecord, by: AuditActor): Promise<void>;
  /** Cancels what is still scheduled for the booking. */
  abstract cancelScheduled(booking: BookingRecord, by: AuditActor): Promise<void>;
  /** Moves the still scheduled `pre_arrival` and `post_stay` to the booking's new stay. */
  abstract rescheduleForStay(tenantId: string, bookingId: string, stay: Stay): Promise<void>;
}
