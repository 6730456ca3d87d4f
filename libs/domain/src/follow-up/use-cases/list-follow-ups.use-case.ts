import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import type { Traveler } from '../../booking/chain.types';
import { nextActions } from '../../booking/next-actions';
import { FollowUpView, followUpView } from '../follow-up.view';
import { FollowUpRepository } from '../ports/follow-up.repository';
import { FollowUpAccess } from '../services/follow-up-access';

/** The booking's follow-ups, oldest first, with what was delivered for the sent ones. */
@Injectable()
export class ListFollowUps {
  constructor(
    private readonly access: FollowUpAccess,
    private readonly followUps: FollowUpRepository,
  ) {}

  async execute(command: { bookingId: string }, actor: Caller, traveler: Traveler | null): Promise<Outcome<{ booking_id: string; items: FollowUpView[] }>> {
    const booking = await this.access.require(command.bookingId, actor, traveler);
    const items = (await this.followUps.listForBooking(actor.tenantId, booking.id)).map(followUpView);
    return new Outcome({ booking_id: booking.id, items }, { next_actions: [nextActions.getBooking(booking), nextActions.audit(booking)] });
  }
}
