import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, Traveler } from '../../booking/chain.types';
import { BookingRepository } from '../../booking/ports/booking.repository';

/**
 * Who may reach a booking's follow-ups (docs/follow-ups.md), checked first: another tenant's
 * booking does not exist; a tenant admin reaches every booking of the tenant; an agent only its
 * own bookings, and when it acts for a traveler (delegation) only that traveler's bookings.
 */
@Injectable()
export class FollowUpAccess {
  constructor(private readonly bookings: BookingRepository) {}

  async require(bookingId: string, actor: Caller, traveler: Traveler | null): Promise<BookingRecord> {
    const booking = await this.bookings.findById(actor.tenantId, bookingId);
    if (!booking) throw new DomainError('booking_not_found', { detail: { booking_id: bookingId } });
    if (actor.kind === 'admin') return booking;
    if (actor.kind !== 'agent' || booking.agentId !== actor.principalId) {
      throw new DomainError('resource_access_denied', { detail: { booking_id: bookingId } });
    }
    if (traveler && (booking.traveler.iss !== traveler.iss || booking.traveler.sub !== traveler.sub)) {
      throw new DomainError('resource_access_denied', {
        message: "The delegation names another traveler than the booking's.",
        detail: { booking_id: bookingId },
      });
    }
    return booking;
  }
}
