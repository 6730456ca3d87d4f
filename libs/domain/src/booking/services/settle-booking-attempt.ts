import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { AppConfig, RequestContext, serializeError } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { withContinuation } from '../../errors/pending-outcome';
import { stayNights } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { BookingRecord } from '../chain.types';
import { nextActions } from '../next-actions';
import { BookingConversion } from '../ports/booking-conversion';
import { AuditLog } from '../ports/audit-log';
import { BookingAuthorizationRepository } from '../ports/booking-authorization.repository';
import { BookingRepository } from '../ports/booking.repository';
import { HoldRepository } from '../ports/hold.repository';
import { HoldExpiryScheduler } from '../ports/hold-expiry.scheduler';
import { PaymentAttemptRecord, PaymentRepository } from '../ports/payment.repository';
import { ChargeResult, PaymentProvider } from '../ports/payment-provider';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { ReceiptSigner } from './receipt-signer';
import { auditActor, chainAuditEvent } from '../rules/audit-entry';
import type { BookingAttempt } from '../rules/booking-attempt';
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
import { ExpireHold } from '../use-cases/expire-hold.use-case';
import { ClientReferences } from '../ports/client-references';

const TIMED_OUT = Symbol('timed-out');

/**
 * The second half of a booking (docs/booking-chain.md): a begun attempt is charged once, then
 * completed in one statement (booking, payment, audit, outbox, follow-ups) or aborted (the hold
 * back to `held`, the authorization given back). `ConfirmBooking` calls it within the payment
 * budget; the worker's recovery of a stranded attempt calls `charge` directly.
 */
@Injectable()
export class SettleBookingAttempt {
  private readonly logger = new Logger('ConfirmBooking');

  constructor(
    private readonly holds: HoldRepository,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly authorizations: BookingAuthorizationRepository,
    private readonly conversion: BookingConversion,
    private readonly audit: AuditLog,
    private readonly provider: PaymentProvider,
    private readonly signer: ReceiptSigner,
    private readonly expire: ExpireHold,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
    private readonly followUps: StayFollowUps,
    private readonly references: ClientReferences,
    private readonly expiryJobs: HoldExpiryScheduler,
  ) {}

  /** Calls the provider and completes the booking, within PAYMENT_TIMEOUT_MS or in the background. */
  async settle(attempt: PaymentAttemptRecord, ctx: BookingAttempt): Promise<Outcome<BookingView>> {
    const work = this.charge(attempt, ctx);
    // Whoever awaits `work` sees its failure; this only keeps an unobserved one from crashing the process.
    work.catch((error: unknown) => {
      if (!(error instanceof DomainError)) this.logger.error({ err: serializeError(error), attempt_id: attempt.id }, `booking attempt ${attempt.id} failed`);
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), this.config.paymentTimeoutMs);
    });
    try {
      const first = await Promise.race([work, deadline]);
      if (first === TIMED_OUT) {
        throw withContinuation(
          new DomainError('payment_timeout', {
            detail: { hold_id: ctx.hold.id, budget_ms: this.config.paymentTimeoutMs, replay_with_same_idempotency_key: true },
          }),
          work,
        );
      }
      return first;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One provider call for the attempt (the provider never charges twice for one attempt), then the booking or the abort. */
  async charge(attempt: PaymentAttemptRecord, ctx: BookingAttempt): Promise<Outcome<BookingView>> {
    const result: ChargeResult = await this.provider
      .charge({
        tenantId: attempt.tenantId,
        idempotencyKey: attempt.id,
        amount: attempt.amount,
        method: attempt.method,
        token: attempt.providerToken,
        billingCountry: attempt.billingCountry,
        description: `booking of hold ${ctx.hold.id}`,
      })
      .catch((error: unknown) => ({ outcome: 'error' as const, message: error instanceof Error ? error.message : 'payment provider failed' }));
    if (result.outcome === 'succeeded') return this.confirm(attempt, result.reference, ctx);
    await this.abort(attempt, result.outcome, result.message, ctx.actor);
    if (result.outcome === 'declined') throw new DomainError('payment_failed', { detail: { hold_id: ctx.hold.id, provider_message: result.message } });
    throw new DomainError('payment_provider_error', { detail: { hold_id: ctx.hold.id, provider_message: result.message } });
  }

  /** One statement writes the booking, its payment, the hold and inventory changes, audit and outbox. */
  private async confirm(
    attempt: PaymentAttemptRecord,
    reference: string,
    { hold, quote, command, actor, traveler }: BookingAttempt,
  ): Promise<Outcome<BookingView>> {
    const tenantId = actor.tenantId;
    const confirmation: Confirmation = {
      bookingId: randomUUID(),
      tenantId,
      agentId: actor.principalId,
      hold,
      quote,
      traveler,
      guest: command.guest,
      idempotencyKey: command.idempotencyKey,
      providerReference: reference,
    };
    const receipt = await this.signer.sign('booking_confirmed', confirmationReceiptSubject(confirmation));
    const now = new Date();
    const booking = confirmedBooking(confirmation, receipt, now);
    const payment = capturedPayment(randomUUID(), booking, attempt, reference, now);
    const audit = { actor: auditActor(actor), traveler, traceId: this.context.traceId };
    const followUps = this.followUps.planForConfirmedBooking(booking, audit.actor);
    // The answer is decided before the statement, so the statement also seals it under the key.
    const outcome = new Outcome(bookingView(booking, payment), { receipt, status: 201, next_actions: this.bookingNextActions(booking) });
    const sealed = command.idempotency?.seal(outcome) ?? null;
    const completed = await this.conversion.complete({
      tenantId,
      holdId: hold.id,
      idempotencyKey: command.idempotencyKey,
      from: holdStatesAllowing('complete_conversion'),
      to: holdTarget('complete_conversion'),
      roomTypeId: hold.roomTypeId,
      nights: stayNights(hold.stay),
      attemptId: attempt.id,
      providerReference: reference,
      booking,
      payment: { ...payment, attemptId: attempt.id },
      audit: confirmationAudit(booking, payment, audit, receipt, followUps.audit),
      followUps: followUps.rows,
      outbox: confirmationOutbox(booking.id, bookingView(booking, payment), audit.traceId),
      idempotency: sealed,
    });
    if (!completed) {
      // Another runner of this same attempt got here first (a replay resumed it): answer with its booking.
      const existing = await this.bookings.findByHold(tenantId, hold.id);
      if (existing && existing.idempotencyKey === command.idempotencyKey) return this.confirmedOutcome(existing);
      const current = await this.holds.findById(tenantId, hold.id);
      throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
    }
    if (sealed) command.idempotency?.sealedWith(outcome, sealed);
    this.followUps.dispatchPlanned(followUps.rows);
    this.dropExpiryJob(hold.id);
    return outcome;
  }

  /**
   * A converted hold's expiry job has nothing left to do; removed after the commit without holding
   * the answer, as the hold's enqueue is (one left behind ends at one read when it fires).
   */
  private dropExpiryJob(holdId: string): void {
    this.expiryJobs.cancel(holdId).catch((error: unknown) => {
      this.logger.warn({ err: serializeError(error), hold_id: holdId }, "could not remove the converted hold's expiry job; it ends at one read when it fires");
    });
  }

  @Transactional()
  private async abort(attempt: PaymentAttemptRecord, outcome: 'declined' | 'error', message: string, actor: Caller): Promise<void> {
    const tenantId = attempt.tenantId;
    await this.payments.completeAttempt(tenantId, attempt.id, outcome, null, message);
    // the attempt's client_reference (if any) ends with the failure the caller gets
    await this.references.failAttempt(tenantId, attempt.id, {
      code: outcome === 'declined' ? 'payment_failed' : 'payment_provider_error',
      status: outcome === 'declined' ? 402 : 502,
      detail: { hold_id: attempt.holdId, provider_message: message },
    });
    const hold = await this.holds.transition(tenantId, attempt.holdId, holdStatesAllowing('abort_conversion'), holdTarget('abort_conversion'), {
      requireConvertingKey: attempt.idempotencyKey,
    });
    if (!hold) return;
    await this.authorizations.unclaim(tenantId, hold.id);
    await this.audit.append(
      chainAuditEvent(
        { tenantId, quoteId: hold.quoteId, holdId: hold.id },
        outcome === 'declined' ? 'payment.declined' : 'payment.failed',
        { actor: auditActor(actor), traceId: this.context.traceId },
        { attempt_id: attempt.id, provider_message: message },
      ),
    );
    // A hold whose TTL ran out while it was being paid for does not come back: it expires now.
    if (hold.expired) await this.expire.expireDue(tenantId, hold.id);
  }

  async confirmedOutcome(booking: BookingRecord): Promise<Outcome<BookingView>> {
    const payment = await this.payments.findByBooking(booking.tenantId, booking.id);
    return new Outcome(bookingView(booking, payment), { receipt: booking.confirmationReceipt, status: 201, next_actions: this.bookingNextActions(booking) });
  }

  private bookingNextActions(booking: BookingRecord) {
    return [nextActions.getBooking(booking), nextActions.cancel(booking), nextActions.audit(booking)];
  }
}
