import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { stayNights, todayIn } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, Cancellation, Traveler } from '../chain.types';
import { BookingRepository } from '../ports/booking.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { RoomNightReservations } from '../ports/room-night-reservations';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { ReceiptSigner } from '../services/receipt-signer';
import { cancellationBase, cancellationFee } from '../rules/cancellation-fee';
import { cancellationRefund } from '../rules/refund-amount';
import { BookingView, bookingView } from '../views';
import { BookingAccess } from '../services/booking-access';
import { bookingNextActions } from './get-booking.use-case';
import { RefundIssuer } from '../services/refund-issuer';
import { ChainRecorder } from '../services/chain-recorder';
import { auditActor, bookingChain, chainAuditEvent } from '../rules/audit-entry';

export interface CancelBookingCommand {
  bookingId: string;
  reason?: string | null;
}

/**
 * Cancel's rules before anything is computed: only the traveler who booked
 * (`resource_access_denied`), only a confirmed booking whose stay has not started (property local
 * date before check-in), else `booking_not_cancellable` with `detail.state` and `detail.reason`.
 */
export function assertCancellable(booking: BookingRecord, traveler: Traveler | null): asserts traveler is Traveler {
  if (!traveler || booking.traveler.iss !== traveler.iss || booking.traveler.sub !== traveler.sub) {
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
}

/**
 * The traveler a cancel acts for: the delegation's, or, for a tenant admin without one, the
 * booking's own traveler (docs/booking-chain.md, "Admin booking search and cancel").
 */
export function cancellingTraveler(booking: BookingRecord, actor: Caller, delegated: Traveler | null): Traveler | null {
  return delegated ?? (actor.kind === 'admin' ? booking.traveler : null);
}

/**
 * Cancels a confirmed booking for the traveler who booked it, before the stay starts (property
 * local date < check-in). The fee comes from the policy frozen at quote time; the rest of the
 * captured amount is refunded; the room goes back to inventory; follow-ups still scheduled are
 * cancelled (docs/follow-ups.md); all in one transaction.
 */
@Injectable()
export class CancelBooking {
  constructor(
    private readonly access: BookingAccess,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly refunder: RefundIssuer,
    private readonly inventory: RoomNightReservations,
    private readonly signer: ReceiptSigner,
    private readonly recorder: ChainRecorder,
    private readonly followUps: StayFollowUps,
  ) {}

  @Transactional()
  async execute(command: CancelBookingCommand, actor: Caller, delegated: Traveler | null): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    const traveler = cancellingTraveler(booking, actor, delegated);
    assertCancellable(booking, traveler);
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const total = cancellationBase(booking.priceBreakdown);
    const now = new Date();
    const fee = cancellationFee(booking.policySnapshot, total, now, new Date(booking.policySnapshot.check_in_at));
    const refundDue = cancellationRefund(total, fee, payment);
    const refundId = refundDue.amount > 0 ? randomUUID() : null;
    const cancellation: Cancellation = {
      cancelled_at: now.toISOString(),
      fee,
      refund: refundDue,
      refund_id: refundId,
      policy_version: booking.policySnapshot.version,
      reason: command.reason ?? null,
    };
    const receipt = await this.signer.sign('booking_cancelled', {
      booking_id: booking.id,
      tenant_id: actor.tenantId,
      cancelled_at: cancellation.cancelled_at,
      fee_amount: fee.amount,
      refund_amount: refundDue.amount,
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

    const audit = { actor: auditActor(actor), traveler, traceId: this.recorder.traceId };
    await this.recorder.append(
      chainAuditEvent(bookingChain(booking), 'booking.cancelled', audit, {
        fee,
        refund: cancellation.refund,
        policy_version: cancellation.policy_version,
        reason: cancellation.reason,
      }),
    );
    await this.followUps.cancelScheduled(cancelled, audit.actor);

    let finalPayment = payment;
    if (refundId) {
      const issued = await this.refunder.issue({
        refundId,
        booking: cancelled,
        payment,
        amount: refundDue,
        reason: cancellation.reason,
        actor: audit.actor,
        traveler,
      });
      finalPayment = issued.payment;
    }
    // Written after the refund so the event carries the booking as GET /v1/bookings/{id} now shows it.
    await this.recorder.publish({
      tenantId: actor.tenantId,
      type: 'booking.cancelled',
      aggregateType: 'booking',
      aggregateId: booking.id,
      payload: bookingView(cancelled, finalPayment),
    });
    return new Outcome(bookingView(cancelled, finalPayment), { receipt, status: 200, next_actions: bookingNextActions(cancelled) });
  }
}
