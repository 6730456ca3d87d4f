import { Injectable } from '@nestjs/common';
import { NextAction, Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import type { BookingRecord } from '../chain.types';
import { nextActions } from '../next-actions';
import { PaymentRepository } from '../ports/payment.repository';
import { remainingRefundable } from '../rules/refund-amount';
import { BookingView, bookingView } from '../views';
import { BookingAccess } from '../services/booking-access';

/** Next steps from a booking in its current state. */
export function bookingNextActions(booking: BookingRecord): NextAction[] {
  const actions = [nextActions.audit(booking)];
  if (booking.state === 'confirmed') actions.unshift(nextActions.cancel(booking));
  // After a cancellation with money back, following the refund is the next step.
  if (booking.cancellation?.refund_id) actions.unshift(nextActions.refund(booking.cancellation.refund_id));
  return actions;
}

/** The current state of a booking. */
@Injectable()
export class GetBooking {
  constructor(
    private readonly access: BookingAccess,
    private readonly payments: PaymentRepository,
  ) {}

  async execute(command: { bookingId: string }, actor: Caller): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const actions = bookingNextActions(booking);
    // Admins may refund what remains of the payment (docs/back-office.md).
    if (actor.kind === 'admin' && payment && payment.state !== 'refunded') {
      const remaining = remainingRefundable(payment);
      if (remaining.amount > 0) actions.push(nextActions.issueRefund(booking, remaining));
    }
    return new Outcome(bookingView(booking, payment), { next_actions: actions });
  }
}
