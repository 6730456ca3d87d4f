import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { RequestContext } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { stayNights, todayIn } from '../../stay/stay-rules';
import type { ChainActor } from '../chain-actor';
import type { Cancellation, PaymentState, Traveler } from '../chain.types';
import { AuditLog, BookingRepository, RoomNightReservations, OutboxWriter, PaymentRepository, RefundRepository } from '../ports/chain.repositories';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { ReceiptSigner } from '../receipt-signer';
import { cancellationFee } from '../rules/cancellation-fee';
import { BookingView, bookingView } from '../views';
import { BookingAccess } from './booking-access';
import { bookingNextActions } from './get-booking.use-case';

export interface CancelBookingCommand {
  bookingId: string;
  reason?: string | null;
}

/**
 * Cancels a confirmed booking for the traveler who booked it, before the stay starts (property
 * local date < check-in). The fee comes from the policy frozen at quote time; the rest of the
 * captured amount is refunded; the room goes back to inventory; all in one transaction.
 */
@Injectable()
export class CancelBooking {
  constructor(
    private readonly access: BookingAccess,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly refunds: RefundRepository,
    private readonly inventory: RoomNightReservations,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly signer: ReceiptSigner,
    private readonly context: RequestContext,
    private readonly followUps: StayFollowUps,
  ) {}

  @Transactional()
  async execute(command: CancelBookingCommand, actor: ChainActor, traveler: Traveler): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    if (booking.traveler.iss !== traveler.iss || booking.traveler.sub !== traveler.sub) {
      throw new DomainError('resource_access_denied', { message: 'Only the traveler who booked can cancel.', detail: { booking_id: booking.id } });
    }
    if (booking.state !== 'confirmed')
      throw new DomainError('booking_not_cancellable', { detail: { booking_id: booking.id, state: booking.state, reason: 'already_cancelled' } });
    const today = todayIn(booking.policySnapshot.timezone);
    if (today >= booking.stay.check_in) {
      throw new DomainError('booking_not_cancellable', {
        detail: { booking_id: booking.id, state: booking.state, reason: 'stay_started', check_in: booking.stay.check_in, property_date: today },
      });
    }
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const total = booking.priceBreakdown.total;
    const now = new Date();
    const fee = cancellationFee(booking.policySnapshot, total, now, new Date(booking.policySnapshot.check_in_at));
    const refundable = payment ? payment.amount.amount - payment.refunded.amount : 0;
    const refundAmount = Math.max(0, Math.min(refundable, total.amount - fee.amount));
    const refundId = refundAmount > 0 ? randomUUID() : null;
    const cancellation: Cancellation = {
      cancelled_at: now.toISOString(),
      fee,
      refund: { amount: refundAmount, currency: total.currency },
      refund_id: refundId,
      policy_version: booking.policySnapshot.version,
      reason: command.reason ?? null,
    };
    const receipt = await this.signer.sign('booking_cancelled', {
      booking_id: booking.id,
      tenant_id: actor.tenantId,
      cancelled_at: cancellation.cancelled_at,
      fee_amount: fee.amount,
      refund_amount: refundAmount,
      currency: total.currency,
      policy_version: cancellation.policy_version,
      cancellation_kind: booking.policySnapshot.cancellation_kind,
      traveler_sub: traveler.sub,
    });
    const cancelled = await this.bookings.cancel(actor.tenantId, booking.id, cancellation, receipt);
    if (!cancelled) {
      const current = await this.bookings.findById(actor.tenantId, booking.id);
      throw new DomainError('booking_not_cancellable', { detail: { booking_id: booking.id, state: current?.state ?? 'unknown', reason: 'already_cancelled' } });
    }
    await this.inventory.returnSold(actor.tenantId, booking.roomTypeId, stayNights(booking.stay));

    const traceId = this.context.traceId;
    const chain = {
      tenantId: actor.tenantId,
      quoteId: booking.quoteId,
      holdId: booking.holdId,
      bookingId: booking.id,
      actor: { kind: actor.kind, id: actor.principalId },
      traveler,
      traceId,
    };
    await this.audit.append({
      ...chain,
      type: 'booking.cancelled',
      data: { fee, refund: cancellation.refund, policy_version: cancellation.policy_version, reason: cancellation.reason },
    });
    await this.outbox.append({
      tenantId: actor.tenantId,
      type: 'booking.cancelled',
      aggregateType: 'booking',
      aggregateId: booking.id,
      traceId,
      payload: { booking_id: booking.id, fee, refund: cancellation.refund },
    });
    await this.followUps.cancelScheduled(cancelled, chain.actor);

    let finalPayment = payment;
    if (refundId && payment) {
      const refunded = payment.refunded.amount + refundAmount;
      const state: PaymentState = refunded >= payment.amount.amount ? 'refunded' : 'partially_refunded';
      finalPayment = await this.payments.refund(actor.tenantId, payment.id, refundAmount, state);
      if (!finalPayment) throw new DomainError('refund_exceeds_remaining', { detail: { remaining: { amount: refundable, currency: total.currency } } });
      const refundAt = new Date().toISOString();
      const refundReceipt = await this.signer.sign('refund_issued', {
        refund_id: refundId,
        booking_id: booking.id,
        tenant_id: actor.tenantId,
        amount: refundAmount,
        currency: total.currency,
        issued_at: refundAt,
      });
      await this.refunds.create({
        id: refundId,
        tenantId: actor.tenantId,
        bookingId: booking.id,
        paymentId: payment.id,
        amount: cancellation.refund,
        reason: cancellation.reason,
        receipt: refundReceipt,
      });
      await this.audit.append({ ...chain, type: 'refund.issued', data: { refund_id: refundId, amount: cancellation.refund, payment_state: state } });
      await this.outbox.append({
        tenantId: actor.tenantId,
        type: 'refund.issued',
        aggregateType: 'refund',
        aggregateId: refundId,
        traceId,
        payload: { refund_id: refundId, booking_id: booking.id, amount: cancellation.refund },
      });
    }
    return new Outcome(bookingView(cancelled, finalPayment), { receipt, status: 200, next_actions: bookingNextActions(cancelled) });
  }
}
