import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RequestContext } from '@hcs/platform';
import type { AuditActor, BookingRecord } from '../../booking/chain.types';
import { AuditLog } from '../../booking/ports/audit-log';
import { BookingRepository } from '../../booking/ports/booking.repository';
import { ConfirmationFollowUps, PlannedFollowUp, StayFollowUps } from '../../booking/ports/stay-follow-ups';
import { checkInInstant } from '../../booking/rules/policy-snapshot';
import { PropertyRepository } from '../../catalog/ports/property.repository';
import type { Stay } from '../../stay/stay-rules';
import type { FollowUpRecord } from '../follow-up.types';
import { FollowUpRef, FollowUpRepository } from '../ports/follow-up.repository';
import { GuestNotifier } from '../ports/guest-notifier';
import { FollowUpJobs } from './follow-up-jobs';
import { postStayAt, preArrivalAt } from '../rules/follow-up-schedule';
import { auditEntry, bookingChain, chainAuditEvent } from '../../booking/rules/audit-entry';

/**
 * The booking chain's side of follow-ups (the `StayFollowUps` port): rows and audit entries join
 * the booking's transaction; the jobs of those due within reach are enqueued once it commits, the
 * sweep enqueues the later ones as they come near (docs/follow-ups.md "Jobs within reach").
 */
@Injectable()
export class StayFollowUpScheduling extends StayFollowUps {
  constructor(
    private readonly followUps: FollowUpRepository,
    private readonly bookings: BookingRepository,
    private readonly properties: PropertyRepository,
    private readonly notifier: GuestNotifier,
    private readonly audit: AuditLog,
    private readonly jobs: FollowUpJobs,
    private readonly context: RequestContext,
  ) {
    super();
  }

  planForConfirmedBooking(booking: BookingRecord, by: AuditActor): ConfirmationFollowUps {
    const rows = this.confirmationRows(booking, by).map((row) => ({ ...row, id: randomUUID() }));
    const traceId = this.context.traceId;
    const audit = rows.map((f) =>
      auditEntry('follow_up.scheduled', { actor: by, traceId }, { follow_up_id: f.id, kind: f.kind, send_at: f.sendAt.toISOString() }),
    );
    return { rows, audit };
  }

  dispatchPlanned(rows: PlannedFollowUp[]): void {
    this.enqueueAfterCommit(rows.map((f) => ({ tenantId: f.tenantId, id: f.id, sendAt: f.sendAt, bookingId: f.bookingId })));
  }

  async scheduleForConfirmedBooking(booking: BookingRecord, by: AuditActor): Promise<void> {
    const created = await this.followUps.createMany(this.confirmationRows(booking, by));
    for (const f of created) await this.record('follow_up.scheduled', f, booking, by, { send_at: f.sendAt.toISOString() });
    this.enqueueAfterCommit(created);
  }

  /** `pre_arrival` 48 h before check-in (or at once) and `post_stay` the day after check-out (docs/follow-ups.md). */
  private confirmationRows(booking: BookingRecord, by: AuditActor): Array<Omit<PlannedFollowUp, 'id'>> {
    const base = {
      tenantId: booking.tenantId,
      bookingId: booking.id,
      message: null,
      channel: this.notifier.channel,
      origin: 'booking' as const,
      createdBy: by,
    };
    return [
      { ...base, kind: 'pre_arrival', sendAt: preArrivalAt(booking.policySnapshot.check_in_at) },
      { ...base, kind: 'post_stay', sendAt: postStayAt(booking.stay.check_out, booking.policySnapshot.timezone) },
    ];
  }

  async cancelScheduled(booking: BookingRecord, by: AuditActor): Promise<void> {
    const cancelled = await this.followUps.cancelScheduled(booking.tenantId, booking.id);
    for (const f of cancelled) await this.record('follow_up.cancelled', f, booking, by, {});
  }

  async rescheduleForStay(tenantId: string, bookingId: string, stay: Stay): Promise<void> {
    const booking = await this.bookings.findById(tenantId, bookingId);
    if (!booking) return;
    const timezone = booking.policySnapshot.timezone;
    const property = await this.properties.findById(tenantId, booking.propertyId);
    const checkInAt = checkInInstant(stay.check_in, property?.checkinTime ?? null, timezone);
    const moved = [
      await this.followUps.moveScheduled(tenantId, bookingId, 'pre_arrival', preArrivalAt(checkInAt)),
      await this.followUps.moveScheduled(tenantId, bookingId, 'post_stay', postStayAt(stay.check_out, timezone)),
    ].filter((f): f is FollowUpRecord => f !== null);
    this.enqueueAfterCommit(moved);
  }

  private async record(type: string, f: FollowUpRecord, booking: BookingRecord, by: AuditActor, data: Record<string, unknown>): Promise<void> {
    await this.audit.append(
      chainAuditEvent(bookingChain(booking), type, { actor: by, traceId: this.context.traceId }, { follow_up_id: f.id, kind: f.kind, ...data }),
    );
  }

  private enqueueAfterCommit(items: Array<Pick<FollowUpRecord, 'tenantId' | 'id' | 'sendAt' | 'bookingId'>>): void {
    if (items.length === 0) return;
    const refs: FollowUpRef[] = items.map((f) => ({ tenantId: f.tenantId, id: f.id, sendAt: f.sendAt }));
    this.jobs.enqueueAfterCommit(`follow-up jobs of booking ${items[0].bookingId}`, refs, this.context.traceId);
  }
}
