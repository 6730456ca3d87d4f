import { Injectable } from '@nestjs/common';
import { ERROR_CATALOG, ErrorCode, NextAction, Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { BookingRepository } from '../ports/booking.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { ClientReferences } from '../ports/client-references';
import { ClientReferenceFailure, ClientReferenceRecord, clientReferenceDecision, isDefiniteFailure } from '../rules/client-reference';
import { BookingView, bookingView } from '../views';
import { answer } from './confirmed-booking-answer';

const POLL_MS = 200;
const WAIT_MARGIN_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reference a confirmation names, with what it needs to act on it. */
export interface ReferencedConfirmation {
  clientReference: string;
  holdId: string;
  idempotencyKey: string;
}

/**
 * What `ConfirmBooking` does with a `client_reference` (docs/booking-chain.md "After a timeout"):
 * a reference that already stands for a booking answers that booking, one that names another hold
 * is `client_reference_conflict`, one whose payment is in flight under another key is waited for,
 * and a definite failure is recorded so that the lookup can tell it forever after.
 */
@Injectable()
export class ClientReferenceGate {
  constructor(
    private readonly references: ClientReferences,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly config: AppConfig,
  ) {}

  /** Null: go on with the confirmation. Else the answer (or the thrown failure) the reference already decides. */
  async before(record: ClientReferenceRecord | null, c: ReferencedConfirmation, actor: Caller): Promise<Outcome<BookingView> | null> {
    const decision = clientReferenceDecision(record, c.holdId, c.idempotencyKey);
    switch (decision.kind) {
      case 'proceed':
        return null;
      case 'conflict':
        throw conflict(c, decision.holdId);
      case 'answer_booking':
        return this.bookingOutcome(actor.tenantId, decision.bookingId);
      case 'answer_failure':
        throw failureError(decision.failure);
      case 'wait':
        return this.waitFor(c, actor);
    }
  }

  /**
   * A confirmation with a reference failed: a race with another confirmation of the same
   * reference is resolved by what that one became; a definite failure is recorded.
   */
  async afterFailure(error: DomainError, c: ReferencedConfirmation, actor: Caller): Promise<Outcome<BookingView>> {
    if (error.code === 'hold_not_active' || error.code === 'client_reference_conflict') {
      const record = await this.references.find(actor.tenantId, actor.principalId, c.clientReference);
      if (record && record.idempotencyKey !== c.idempotencyKey) {
        const answer = await this.before(record, c, actor);
        if (answer) return answer;
      }
    }
    if (isDefiniteFailure(error.code)) {
      const status = ERROR_CATALOG[error.code].status;
      await this.references.recordFailure({
        tenantId: actor.tenantId,
        agentId: actor.principalId,
        clientReference: c.clientReference,
        holdId: c.holdId,
        failure: { code: error.code, status, detail: error.detail },
      });
    }
    throw error;
  }

  /** The confirmation answer of a booking, as its first success gave it. */
  async bookingOutcome(tenantId: string, bookingId: string): Promise<Outcome<BookingView>> {
    const booking = await this.bookings.findById(tenantId, bookingId);
    if (!booking) throw new DomainError('booking_not_found', { detail: { booking_id: bookingId } });
    const payment = await this.payments.findByBooking(tenantId, booking.id);
    return answer(booking, bookingView(booking, payment));
  }

  /** Another confirmation of this reference is paying: its outcome is ours, within the payment budget. */
  private async waitFor(c: ReferencedConfirmation, actor: Caller): Promise<Outcome<BookingView>> {
    const deadline = Date.now() + this.config.paymentTimeoutMs + WAIT_MARGIN_MS;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const record = await this.references.find(actor.tenantId, actor.principalId, c.clientReference);
      if (!record || record.state === 'pending') continue;
      if (record.state === 'confirmed' && record.bookingId) return this.bookingOutcome(actor.tenantId, record.bookingId);
      if (record.failure) throw failureError(record.failure);
    }
    throw new DomainError('payment_timeout', {
      message: 'Another confirmation with this client_reference is still waiting for the payment provider.',
      detail: { hold_id: c.holdId, client_reference: c.clientReference },
      retryAfter: 1,
      nextActions: [lookUp(c.clientReference)],
    });
  }
}

function conflict(c: ReferencedConfirmation, otherHoldId: string): DomainError {
  return new DomainError('client_reference_conflict', {
    detail: { client_reference: c.clientReference, hold_id: c.holdId, client_reference_hold_id: otherHoldId },
    nextActions: [lookUp(c.clientReference)],
  });
}

/** GET /v1/bookings?client_reference=: what the reference became. */
export function lookUp(clientReference: string): NextAction {
  return { rel: 'get', method: 'GET', href: `/v1/bookings?client_reference=${encodeURIComponent(clientReference)}` };
}

/** The failure a reference ended with, thrown again with the code and detail it was first answered with. */
export function failureError(failure: ClientReferenceFailure): DomainError {
  return new DomainError(failure.code as ErrorCode, { detail: failure.detail });
}
