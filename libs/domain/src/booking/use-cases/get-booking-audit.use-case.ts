import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { nextActions } from '../next-actions';
import { AuditEventRecord, AuditLog } from '../ports/audit-log';
import { BookingAccess } from '../services/booking-access';

/** The booking's append-only timeline, from its quote to the latest event. */
@Injectable()
export class GetBookingAudit {
  constructor(
    private readonly access: BookingAccess,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: { bookingId: string }, actor: Caller): Promise<Outcome<{ booking_id: string; items: AuditEventRecord[] }>> {
    const booking = await this.access.require(command.bookingId, actor);
    const items = await this.audit.listForChain(actor.tenantId, booking.quoteId, booking.holdId);
    return new Outcome({ booking_id: booking.id, items }, { next_actions: [nextActions.getBooking(booking)] });
  }
}
