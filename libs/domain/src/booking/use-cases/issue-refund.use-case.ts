import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { NextAction, Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { PaymentRecord } from '../chain.types';
import { nextActions } from '../next-actions';
import { PaymentRepository } from '../ports/payment.repository';
import { remainingRefundable } from '../rules/refund-amount';
import { capturedCharges, refundParts } from '../rules/payment-terms';
import { refundView } from '../views';
import { BookingAccess } from '../services/booking-access';
import { RefundIssuer } from '../services/refund-issuer';
import { auditActor } from '../rules/audit-entry';

export interface IssueRefundCommand {
  bookingId: string;
  /** Minor units of the booking's currency, > 0. */
  amount: number;
  reason?: string | null;
}

/** After a refund: read it, read the booking, and refund more while anything remains. */
export function refundNextActions(refundId: string, bookingId: string, payment: PaymentRecord): NextAction[] {
  const actions = [nextActions.refund(refundId), nextActions.getBooking({ id: bookingId })];
  const remaining = remainingRefundable(payment);
  if (payment.state !== 'refunded' && remaining.amount > 0) actions.push(nextActions.issueRefund({ id: bookingId }, remaining));
  return actions;
}

/**
 * An admin refunds part or all of a booking's captured payment (a goodwill gesture, a fee waived
 * after the fact), whatever the booking's state: `captured → partially_refunded → refunded`.
 */
@Injectable()
export class IssueRefund {
  constructor(
    private readonly access: BookingAccess,
    private readonly payments: PaymentRepository,
    private readonly refunder: RefundIssuer,
  ) {}

  @Transactional()
  async execute(command: IssueRefundCommand, actor: Caller): Promise<Outcome<ReturnType<typeof refundView>>> {
    if (actor.kind !== 'admin') throw new DomainError('principal_kind_not_allowed', { detail: { allowed: ['admin'] } });
    const booking = await this.access.require(command.bookingId, actor);
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const currency = booking.priceBreakdown.total.currency;
    // A payment of several charges (a deposit, then its balance) is refunded charge by charge, newest
    // first (docs/payments.md); the answer is the first refund. A payment of one charge: one refund.
    const parts = payment ? refundParts(capturedCharges(payment), payment.refunded.amount, command.amount) : [];
    let current = payment;
    let first: Awaited<ReturnType<RefundIssuer['issue']>> | null = null;
    let last: Awaited<ReturnType<RefundIssuer['issue']>> | null = null;
    for (const part of parts.length > 0 ? parts : [null]) {
      const issued = await this.refunder.issue({
        booking,
        payment: current && part ? { ...current, providerReference: part.reference } : current,
        amount: { amount: part?.amount ?? command.amount, currency },
        reason: command.reason ?? null,
        actor: auditActor(actor),
        traveler: null,
      });
      first ??= issued;
      last = issued;
      current = issued.payment;
    }
    if (!first || !last) throw new DomainError('no_capturable_payment', { detail: { booking_id: booking.id } });
    const { refund } = first;
    const after = last.payment;
    return new Outcome(refundView(refund), { status: 201, receipt: refund.receipt, next_actions: refundNextActions(refund.id, booking.id, after) });
  }
}
