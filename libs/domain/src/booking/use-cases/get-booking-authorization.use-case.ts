import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { BookingAuthorizationRepository } from '../ports/booking-authorization.repository';
import { bookingAuthorizationView } from '../views';

@Injectable()
export class GetBookingAuthorization {
  constructor(private readonly authorizations: BookingAuthorizationRepository) {}

  async execute(command: { id: string }, actor: Caller): Promise<Outcome<ReturnType<typeof bookingAuthorizationView>>> {
    const found = await this.authorizations.findById(actor.tenantId, command.id);
    if (!found) throw new DomainError('booking_authorization_not_found', { detail: { booking_authorization_id: command.id } });
    return new Outcome(bookingAuthorizationView(found));
  }
}
