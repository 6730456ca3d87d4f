import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Money } from '../../money/money';
import type { Caller } from '../../identity/principal';
import type { Traveler } from '../chain.types';
import { activeRooms, cancelledAmount } from '../rules/booking-rooms';
import { nextActions } from '../next-actions';
import { PaymentRepository } from '../ports/payment.repository';
import { cancellationFee } from '../rules/cancellation-fee';
import { cancellationRefund, remainingRefundable } from '../rules/refund-amount';
import { feeAgainstCaptured } from '../rules/payment-terms';
import { BookingAccess } from '../services/booking-access';
import { assertCancellable, cancellingTraveler } from './cancel-booking.use-case';

export interface CancellationPreview {
  fee: Money;
  refund: Money;
  policy_version: string;
  /** Present while cancelling is still free: the last instant of free cancellation. */
  free_until?: string;
}

/**
 * What cancelling now would cost, by the very rules cancel applies (fee from the frozen policy
 * snapshot, refund of the rest of what remains refundable), without changing anything. Access is
 * cancel's: the agent that booked, with a delegation of the same traveler, or a tenant admin on the
 * traveler's behalf (docs/back-office.md).
 */
@Injectable()
export class PreviewCancellation {
  constructor(
    private readonly access: BookingAccess,
    private readonly payments: PaymentRepository,
  ) {}

  async execute(command: { bookingId: string }, actor: Caller, delegated: Traveler | null): Promise<Outcome<CancellationPreview>> {
    const booking = await this.access.require(command.bookingId, actor);
    assertCancellable(booking, cancellingTraveler(booking, actor, delegated));
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const now = new Date();
    // A booking of several rooms: what its rooms still confirmed stand for (docs/booking-chain.md "Several rooms").
    const total = cancelledAmount(booking, activeRooms(booking));
    const fee = cancellationFee(booking.policySnapshot, total, now, new Date(booking.policySnapshot.check_in_at));
    // Under payment terms the fee is set against what was captured, as the cancel sets it (docs/payments.md).
    const refund = booking.policySnapshot.payment_terms
      ? feeAgainstCaptured(total, fee, payment ? remainingRefundable(payment).amount : 0).refund
      : cancellationRefund(total, fee, payment);
    const preview: CancellationPreview = { fee, refund, policy_version: booking.policySnapshot.version };
    const freeUntil = booking.policySnapshot.free_cancellation_until;
    if (freeUntil && fee.amount === 0 && now.getTime() < Date.parse(freeUntil)) preview.free_until = freeUntil;
    return new Outcome(preview, { next_actions: [nextActions.cancel(booking), nextActions.getBooking(booking)] });
  }
}
