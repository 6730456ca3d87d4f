import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { nextActions } from '../next-actions';
import { PaymentRepository } from '../ports/payment.repository';
import { RefundRepository } from '../ports/refund.repository';
import { remainingRefundable } from '../rules/refund-amount';
import { refundView } from '../views';
import { BookingAccess } from '../services/booking-access';

/** A refund, readable by whoever may read its booking; its envelope carries the refund_issued receipt. */
@Injectable()
export class GetRefund {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly access: BookingAccess,
    private readonly payments: PaymentRepository,
  ) {}

  async execute(command: { refundId: string }, actor: Caller): Promise<Outcome<ReturnType<typeof refundView>>> {
    const refund = await this.refunds.findById(actor.tenantId, command.refundId);
    if (!refund) throw new DomainError('refund_not_found', { detail: { refund_id: command.refundId } });
    const booking = await this.access.require(refund.bookingId, actor);
    const actions = [nextActions.getBooking(booking)];
    // Admins may refund what remains of the payment (docs/back-office.md).
    const payment = actor.kind === 'admin' ? await this.payments.findByBooking(actor.tenantId, booking.id) : null;
    if (payment && payment.state !== 'refunded' && remainingRefundable(payment).amount > 0) {
      actions.push(nextActions.issueRefund(booking, remainingRefundable(payment)));
    }
    return new Outcome(refundView(refund), { receipt: refund.receipt, next_actions: actions });
  }
}
