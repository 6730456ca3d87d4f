import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { BookingRecord } from '../chain.types';
import { BookingRepository } from '../ports/booking.repository';

/**
 * Access to a booking, checked first in every booking use case: another tenant's booking does not
 * exist (`booking_not_found`); within the tenant an agent sees only its own, admins see all.
 */
@Injectable()
export class BookingAccess {
  constructor(private readonly bookings: BookingRepository) {}

  async require(bookingId: string, actor: Caller): Promise<BookingRecord> {
    const booking = await this.bookings.findById(actor.tenantId, bookingId);
    if (!booking) throw new DomainError('booking_not_found', { detail: { booking_id: bookingId } });
    if (actor.kind === 'agent' && booking.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { booking_id: bookingId } });
    return booking;
  }
}
