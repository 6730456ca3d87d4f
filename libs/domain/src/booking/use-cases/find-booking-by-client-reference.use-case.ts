import { Injectable } from '@nestjs/common';
import { NextAction, Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { BookingRepository } from '../ports/booking.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { ClientReferences } from '../ports/client-references';
import { ClientReferenceState, pendingRetryAfter } from '../rules/client-reference';
import { BookingView, bookingView } from '../views';
import { nextActions } from '../next-actions';
import { lookUp } from '../services/client-reference-gate';
import { bookingNextActions } from './get-booking.use-case';

export interface FindBookingByClientReferenceCommand {
  clientReference: string;
}

/** What a client_reference became, as `GET /v1/bookings?client_reference=` and `find_booking` answer it. */
export interface ClientReferenceView {
  client_reference: string;
  state: ClientReferenceState;
  hold_id: string;
  /** The booking as `GET /v1/bookings/{id}` shows it, once confirmed (it may have been cancelled since). */
  booking: BookingView | null;
  /** The code (and detail) the confirmation failed with, once failed. */
  error_code: string | null;
  error_detail: Record<string, unknown> | null;
  /** Seconds to wait before asking again, while the payment is in flight. */
  retry_after: number | null;
  updated_at: string;
}

/**
 * The definite state of one of the agent's client references (docs/booking-chain.md "After a
 * timeout"): `confirmed` with the booking, `failed` with the error code, `pending` with
 * `retry_after` while a payment is in flight. Unknown (never sent, or refused before it was
 * recorded): `booking_not_found`, and a confirmation with it is safe to send.
 */
@Injectable()
export class FindBookingByClientReference {
  constructor(
    private readonly references: ClientReferences,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(command: FindBookingByClientReferenceCommand, actor: Caller): Promise<Outcome<ClientReferenceView>> {
    const record = await this.references.find(actor.tenantId, actor.principalId, command.clientReference);
    if (!record) throw new DomainError('booking_not_found', { detail: { client_reference: command.clientReference } });
    const view: ClientReferenceView = {
      client_reference: record.clientReference,
      state: record.state,
      hold_id: record.holdId,
      booking: null,
      error_code: record.failure?.code ?? null,
      error_detail: record.failure?.detail ?? null,
      retry_after: record.state === 'pending' ? pendingRetryAfter(record, this.config.paymentTimeoutMs, new Date()) : null,
      updated_at: record.updatedAt.toISOString(),
    };
    if (record.state === 'confirmed' && record.bookingId) {
      const booking = await this.bookings.findById(actor.tenantId, record.bookingId);
      if (booking) {
        const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
        return new Outcome(
          { ...view, booking: bookingView(booking, payment) },
          {
            receipt: booking.confirmationReceipt,
            next_actions: [nextActions.getBooking(booking), ...bookingNextActions(booking)],
          },
        );
      }
    }
    const next: NextAction[] = record.state === 'pending' ? [{ ...lookUp(record.clientReference), rel: 'retry' }] : [];
    return new Outcome(view, { next_actions: next });
  }
}
