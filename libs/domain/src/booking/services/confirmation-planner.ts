import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Outcome } from '@hcs/contracts';
import { RequestContext } from '@hcs/platform';
import { stayNights } from '../../stay/stay-rules';
import type { CompleteConversion } from '../ports/booking-conversion';
import type { PaymentAttemptRecord } from '../ports/payment.repository';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { auditActor } from '../rules/audit-entry';
import type { BookingAttempt } from '../rules/booking-attempt';
import type { BookingCharge } from '../rules/payment-terms';
import {
  capturedPayment,
  Confirmation,
  confirmationAudit,
  confirmationOutbox,
  confirmationReceiptSubject,
  confirmedBooking,
} from '../rules/confirmation-records';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';
import { BookingView, bookingView } from '../views';
import { answer } from './confirmed-booking-answer';
import { ReceiptSigner } from './receipt-signer';

/** A charged attempt's confirmation, decided in full before the one statement that writes it. */
export interface PlannedConfirmation {
  /** What `BookingConversion.complete` writes: hold, nights, attempt, authorization, booking, payment, follow-ups, audit, outbox and the idempotency record. */
  plan: CompleteConversion;
  /** The answer the caller gets once the plan is written. */
  outcome: Outcome<BookingView>;
}

/**
 * Decides everything a confirmed booking writes (docs/booking-chain.md "The confirmation's
 * statements"): ids and times, the signed receipt, the booking and its payment, the audit entries
 * with the follow-ups they announce, the outbox event, and the answer itself, so the request's
 * idempotency record (when its command carries one) is sealed with it in the same statement.
 */
@Injectable()
export class ConfirmationPlanner {
  constructor(
    private readonly signer: ReceiptSigner,
    private readonly followUps: StayFollowUps,
    private readonly context: RequestContext,
  ) {}

  /** `kept`: what the payment terms took (a deposit, a guarantee) and the card kept for later; null for a payment in full. */
  async plan(
    attempt: PaymentAttemptRecord,
    providerReference: string,
    { hold, quote, command, actor, traveler }: BookingAttempt,
    kept: { charge: BookingCharge; cardReference: string | null } | null = null,
  ): Promise<PlannedConfirmation> {
    const confirmation: Confirmation = {
      bookingId: randomUUID(),
      tenantId: actor.tenantId,
      agentId: actor.principalId,
      hold,
      quote,
      traveler,
      guest: command.guest,
      idempotencyKey: command.idempotencyKey,
      providerReference,
      ...(kept ? { charge: kept.charge } : {}),
    };
    const receipt = await this.signer.sign(confirmation.tenantId, 'booking_confirmed', confirmationReceiptSubject(confirmation));
    const now = new Date();
    const booking = confirmedBooking(confirmation, receipt, now);
    const payment = capturedPayment(randomUUID(), booking, attempt, providerReference, now, kept && { ...kept, entryIds: [randomUUID(), randomUUID()] });
    const audit = { actor: auditActor(actor), traveler, traceId: this.context.traceId };
    const followUps = this.followUps.planForConfirmedBooking(booking, audit.actor);
    const view = bookingView(booking, payment);
    const outcome = answer(booking, view);
    return {
      outcome,
      plan: {
        tenantId: actor.tenantId,
        holdId: hold.id,
        idempotencyKey: command.idempotencyKey,
        from: holdStatesAllowing('complete_conversion'),
        to: holdTarget('complete_conversion'),
        roomTypeId: hold.roomTypeId,
        nights: stayNights(hold.stay),
        units: hold.units,
        attemptId: attempt.id,
        providerReference,
        booking,
        payment: { ...payment, attemptId: attempt.id },
        audit: confirmationAudit(booking, payment, audit, receipt, followUps.audit),
        followUps: followUps.rows,
        outbox: confirmationOutbox(booking.id, view, audit.traceId),
        idempotency: command.idempotency?.seal(outcome) ?? null,
      },
    };
  }
}
