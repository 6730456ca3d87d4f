import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { BookingRecord } from '../chain.types';
import { nextActions } from '../next-actions';
import { BookingRepository } from '../ports/booking.repository';
import { HoldRepository } from '../ports/hold.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { BookingView, bookingView } from '../views';

/**
 * The answer to a confirmation whose booking is already written: the same 201, receipt and next
 * actions as the first answer, for a replay with the same key, a resumed attempt, or a runner that
 * lost the race to finish the attempt.
 */
@Injectable()
export class ConfirmedBookingAnswer {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly holds: HoldRepository,
  ) {}

  async of(booking: BookingRecord): Promise<Outcome<BookingView>> {
    const payment = await this.payments.findByBooking(booking.tenantId, booking.id);
    return answer(booking, bookingView(booking, payment));
  }

  /** The hold's booking when this key made it; null otherwise. */
  async forKey(tenantId: string, holdId: string, idempotencyKey: string): Promise<Outcome<BookingView> | null> {
    const booking = await this.bookings.findByHold(tenantId, holdId);
    return booking && booking.idempotencyKey === idempotencyKey ? this.of(booking) : null;
  }

  /** Another runner of the same attempt wrote its booking first: answer with it, or say what the hold became. */
  async afterLostRace(tenantId: string, holdId: string, idempotencyKey: string): Promise<Outcome<BookingView>> {
    const existing = await this.forKey(tenantId, holdId, idempotencyKey);
    if (existing) return existing;
    const current = await this.holds.findById(tenantId, holdId);
    throw new DomainError('hold_not_active', { detail: { hold_id: holdId, state: current?.state ?? 'unknown' } });
  }
}

/** A confirmed booking's answer: 201 with its receipt; next: get, cancel, audit. */
export function answer(booking: BookingRecord, view: BookingView): Outcome<BookingView> {
  return new Outcome(view, {
    receipt: booking.confirmationReceipt,
    status: 201,
    next_actions: [nextActions.getBooking(booking), nextActions.cancel(booking), nextActions.audit(booking)],
  });
}
