import type { AuditActor } from '../../booking/chain.types';
import type { FollowUpChannel, FollowUpKind, FollowUpOrigin, FollowUpRecord, RenderedMessage } from '../follow-up.types';

export interface NewFollowUp {
  tenantId: string;
  bookingId: string;
  kind: FollowUpKind;
  message: string | null;
  channel: FollowUpChannel;
  origin: FollowUpOrigin;
  sendAt: Date;
  createdBy: AuditActor;
}

/** A follow-up the worker should look at: due, or its job must be (re)enqueued. */
export interface FollowUpRef {
  tenantId: string;
  id: string;
  sendAt: Date;
}

/**
 * Port: guest follow-ups. State changes are conditional UPDATEs on `state = 'scheduled'`, so a
 * follow-up is sent, failed or cancelled once whatever runs concurrently.
 */
export abstract class FollowUpRepository {
  abstract createMany(items: NewFollowUp[]): Promise<FollowUpRecord[]>;
  abstract findById(tenantId: string, id: string): Promise<FollowUpRecord | null>;
  abstract listForBooking(tenantId: string, bookingId: string): Promise<FollowUpRecord[]>;
  /**
   * Takes a due `scheduled` follow-up of `channel` for one delivery attempt: sets a lease of
   * `leaseSeconds` and counts the attempt, unless another worker holds a live lease. Null when not
   * claimable.
   */
  abstract claim(tenantId: string, id: string, channel: FollowUpChannel, leaseSeconds: number): Promise<FollowUpRecord | null>;
  /** scheduled -> sent with what was delivered; null when no longer scheduled. */
  abstract markSent(tenantId: string, id: string, rendered: RenderedMessage): Promise<FollowUpRecord | null>;
  /** Keeps it scheduled for another attempt at `retryAt`, with the error of this one. */
  abstract retryLater(tenantId: string, id: string, retryAt: Date, error: string): Promise<FollowUpRecord | null>;
  /** scheduled -> failed with the error; null when no longer scheduled. */
  abstract markFailed(tenantId: string, id: string, error: string): Promise<FollowUpRecord | null>;
  /** Every still scheduled follow-up of the booking -> cancelled; returns those it cancelled. */
  abstract cancelScheduled(tenantId: string, bookingId: string): Promise<FollowUpRecord[]>;
  /** Moves the booking's still scheduled follow-up of `kind` (origin booking) to `sendAt`. */
  abstract moveScheduled(tenantId: string, bookingId: string, kind: FollowUpKind, sendAt: Date): Promise<FollowUpRecord | null>;
  /** Due `scheduled` follow-ups of `channel`, of any tenant, without a live lease (the sweep). */
  abstract listDue(channel: FollowUpChannel, limit: number): Promise<FollowUpRef[]>;
  /** `scheduled` follow-ups of `channel` not due yet but due within `withinSeconds` by the database clock, soonest first (the sweep enqueues their jobs). */
  abstract listComingDue(channel: FollowUpChannel, withinSeconds: number, limit: number): Promise<FollowUpRef[]>;
}
