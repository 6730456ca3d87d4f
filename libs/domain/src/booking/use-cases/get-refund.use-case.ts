import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { ChainActor } from '../chain-actor';
import { nextActions } from '../next-actions';
import { RefundRepository } from '../ports/chain.repositories';
import { refundView } from '../views';
import { BookingAccess } from './booking-access';

/** A refund, readable by whoever may read its booking; its envelope carries the refund_issued receipt. */
@Injectable()
export class GetRefund {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly access: BookingAccess,
  ) {}

  async execute(command: { refundId: string }, actor: ChainActor): Promise<Outcome<ReturnType<typeof refundView>>> {
    const refund = await this.refunds.findById(actor.tenantId, command.refundId);
    if (!refund) throw new DomainError('refund_not_found', { detail: { refund_id: command.refundId } });
    const booking = await this.access.require(refund.bookingId, actor);
    return new Outcome(refundView(refund), { receipt: refund.receipt, next_actions: [nextActions.getBooking(booking)] });
  }
}
