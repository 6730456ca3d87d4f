import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { stayNights } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, BookingRoom, Cancellation, PaymentRecord, Traveler } from '../chain.types';
import { BookingRepository } from '../ports/booking.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { RoomNightReservations } from '../ports/room-night-reservations';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { ReceiptSigner } from './receipt-signer';
import { cancellationFee } from '../rules/cancellation-fee';
import { cancellationRefund, remainingRefundable } from '../rules/refund-amount';
import { capturedCharges, feeAgainstCaptured, refundParts } from '../rules/payment-terms';
import { PaymentSchedule } from '../ports/payment-schedule';
import { activeRooms, cancelledAmount } from '../rules/booking-rooms';
import { BookingView, bookingView } from '../views';
import { bookingNextActions } from '../use-cases/get-booking.use-case';
import { RefundIssuer } from './refund-issuer';
import { ChainRecorder } from './chain-recorder';
import { auditActor, bookingChain, chainAuditEvent } from '../rules/audit-entry';

/** What one cancel request ends: the whole booking (every room still confirmed), or one room of it. */
export interface CancelScope {
  booking: BookingRecord;
  actor: Caller;
  traveler: Traveler;
  reason: string | null;
  /** One room's number (`POST /v1/bookings/{id}/rooms/{room}/cancel`); null for the whole booking. */
  room: number | null;
}

/**
 * The writes of a cancel, in the caller's transaction, once the caller has checked who may cancel
 * what (docs/booking-chain.md "Several rooms"). The amount charged on is the cancelled rooms'
 * share of the total (the whole total for a one-room `guests` booking); the fee comes from the
 * frozen policy on it, the refund is the rest of it (never more than remains refundable); their
 * units go back to inventory on every night. The booking becomes `cancelled` when no room is left
 * confirmed (its `cancellation` then tells this request's numbers); a room cancel that leaves rooms
 * confirmed records the cancellation on the room only.
 */
@Injectable()
export class BookingCanceller {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly refunder: RefundIssuer,
    private readonly inventory: RoomNightReservations,
    private readonly signer: ReceiptSigner,
    private readonly recorder: ChainRecorder,
    private readonly followUps: StayFollowUps,
    private readonly schedule: PaymentSchedule,
  ) {}

  async cancel({ booking, actor, traveler, reason, room }: CancelScope): Promise<Outcome<BookingView>> {
    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const targets: BookingRoom[] = room === null ? activeRooms(booking) : activeRooms(booking).filter((r) => r.room === room);
    const base = cancelledAmount(booking, targets);
    const now = new Date();
    const fee = cancellationFee(booking.policySnapshot, base, now, new Date(booking.policySnapshot.check_in_at));
    // Under payment terms (docs/payments.md) the fee is set against what was captured: the excess is
    // refunded, a fee above it is charged to the kept card by the worker right after this cancel.
    const terms = booking.policySnapshot.payment_terms;
    const settled = terms ? feeAgainstCaptured(base, fee, payment ? remainingRefundable(payment).amount : 0) : null;
    const refundDue = settled ? settled.refund : cancellationRefund(base, fee, payment);
    const refundId = refundDue.amount > 0 ? randomUUID() : null;
    const cancellation: Cancellation = {
      cancelled_at: now.toISOString(),
      fee,
      refund: refundDue,
      refund_id: refundId,
      policy_version: booking.policySnapshot.version,
      reason,
    };
    const receipt = await this.signer.sign(actor.tenantId, 'booking_cancelled', {
      booking_id: booking.id,
      tenant_id: actor.tenantId,
      cancelled_at: cancellation.cancelled_at,
      fee_amount: fee.amount,
      refund_amount: refundDue.amount,
      currency: base.currency,
      policy_version: cancellation.policy_version,
      cancellation_kind: booking.policySnapshot.cancellation_kind,
      traveler_sub: traveler.sub,
      ...(room !== null ? { room } : {}),
    });
    const cancelledNumbers = new Set(targets.map((r) => r.room));
    const rooms = booking.rooms
      ? { expected: booking.rooms, next: booking.rooms.map((r) => (cancelledNumbers.has(r.room) ? { ...r, state: 'cancelled' as const, cancellation } : r)) }
      : null;
    const endsBooking = !rooms || rooms.next.every((r) => r.state === 'cancelled');
    const written = endsBooking
      ? await this.bookings.cancel(actor.tenantId, booking.id, cancellation, receipt, rooms)
      : await this.bookings.cancelRooms(actor.tenantId, booking.id, rooms.expected, rooms.next);
    if (!written) {
      // Another cancel of this booking (or of this room) committed since the booking was read.
      const current = await this.bookings.findById(actor.tenantId, booking.id);
      const detail: Record<string, unknown> = { booking_id: booking.id, state: current?.state ?? 'unknown', reason: 'already_cancelled' };
      if (room !== null) Object.assign(detail, { room, state: current?.rooms?.find((r) => r.room === room)?.state ?? detail.state });
      throw new DomainError('booking_not_cancellable', { detail });
    }
    await this.inventory.returnSold(actor.tenantId, booking.roomTypeId, stayNights(booking.stay), Math.max(1, targets.length));

    const audit = { actor: auditActor(actor), traveler, traceId: this.recorder.traceId };
    const roomsData = booking.rooms ? { rooms: targets.map((r) => r.room) } : {};
    await this.recorder.append(
      chainAuditEvent(bookingChain(booking), endsBooking ? 'booking.cancelled' : 'booking.room_cancelled', audit, {
        fee,
        refund: cancellation.refund,
        policy_version: cancellation.policy_version,
        reason: cancellation.reason,
        ...(room !== null ? { room } : {}),
        ...roomsData,
      }),
    );
    if (endsBooking) await this.followUps.cancelScheduled(written, audit.actor);

    let finalPayment = payment;
    if (terms && payment) {
      const feeToCharge = settled?.feeToCharge;
      if (endsBooking) await this.schedule.cancelScheduled(actor.tenantId, booking.id);
      else if (terms.kind === 'deposit') {
        // The rooms left owe what they owed less this room's share, plus its fee, less what is kept
        // of the capture after the refund: balance' = balance - share + fee + refund - fee charged.
        const delta = -base.amount + fee.amount + refundDue.amount - (feeToCharge?.amount ?? 0);
        if (delta !== 0) await this.schedule.resizeBalance(actor.tenantId, booking.id, delta);
      }
      if (feeToCharge && feeToCharge.amount > 0 && payment.cardReference)
        await this.schedule.addCancellationFee(actor.tenantId, booking.id, payment.id, feeToCharge);
      finalPayment = await this.payments.findByBooking(actor.tenantId, booking.id);
    }
    if (refundId && finalPayment) {
      // A payment of several charges (a deposit, then its balance) is refunded charge by charge,
      // newest first (docs/payments.md); a payment of one charge gets one refund, under refundId.
      const parts = refundParts(capturedCharges(finalPayment), finalPayment.refunded.amount, refundDue.amount);
      for (const [i, part] of parts.entries()) {
        const issued: { payment: PaymentRecord } = await this.refunder.issue({
          refundId: i === 0 ? refundId : randomUUID(),
          booking: written,
          payment: { ...finalPayment, providerReference: part.reference },
          amount: { amount: part.amount, currency: refundDue.currency },
          reason: cancellation.reason,
          actor: audit.actor,
          traveler,
        });
        finalPayment = issued.payment;
      }
    } else if (refundId) {
      await this.refunder.issue({
        refundId,
        booking: written,
        payment: finalPayment,
        amount: refundDue,
        reason: cancellation.reason,
        actor: audit.actor,
        traveler,
      });
    }
    // Written after the refund so the event carries the booking as GET /v1/bookings/{id} now shows it.
    await this.recorder.publish({
      tenantId: actor.tenantId,
      type: endsBooking ? 'booking.cancelled' : 'booking.room_cancelled',
      aggregateType: 'booking',
      aggregateId: booking.id,
      payload: bookingView(written, finalPayment),
    });
    return new Outcome(bookingView(written, finalPayment), { receipt, status: 200, next_actions: bookingNextActions(written) });
  }
}
