import { Injectable, Logger } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig, serializeError } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { withContinuation } from '../../errors/pending-outcome';
import { BookingConversion } from '../ports/booking-conversion';
import { HoldExpiryScheduler } from '../ports/hold-expiry.scheduler';
import { PaymentAttemptRecord } from '../ports/payment.repository';
import { ChargeResult, PaymentProvider } from '../ports/payment-provider';
import { StayFollowUps } from '../ports/stay-follow-ups';
import type { BookingAttempt } from '../rules/booking-attempt';
import { BookingCharge, chargeOfAttempt, readPaymentTerms } from '../rules/payment-terms';
import { payableOnline } from '../rules/pricing';
import { BookingView } from '../views';
import { AbortBookingAttempt } from './abort-booking-attempt';
import { ConfirmationPlanner } from './confirmation-planner';
import { ConfirmedBookingAnswer } from './confirmed-booking-answer';

const TIMED_OUT = Symbol('timed-out');

/** How long an agent is told to wait before asking again whether the traveler has authenticated. */
export const ACTION_RETRY_AFTER_SECONDS = 10;

/**
 * The traveler must authenticate the payment with the card issuer (strong customer
 * authentication, docs/payments.md): the attempt stays pending and the hold converting,
 * as after `payment_timeout`, until the provider's answer for the same key is final.
 */
function actionRequired(ctx: BookingAttempt, actionUrl: string): DomainError {
  return new DomainError('payment_action_required', {
    detail: { hold_id: ctx.hold.id, action_url: actionUrl, replay_with_same_idempotency_key: true },
    retryAfter: ACTION_RETRY_AFTER_SECONDS,
  });
}

/**
 * The second half of a booking (docs/booking-chain.md): a begun attempt is charged once, then
 * completed in one statement (`ConfirmationPlanner`'s plan, one `BookingConversion.complete`) or
 * aborted (`AbortBookingAttempt`). `ConfirmBooking` calls it within the payment budget; the
 * worker's recovery of a stranded attempt calls `charge` directly.
 */
@Injectable()
export class SettleBookingAttempt {
  private readonly logger = new Logger('ConfirmBooking');

  constructor(
    private readonly provider: PaymentProvider,
    private readonly planner: ConfirmationPlanner,
    private readonly conversion: BookingConversion,
    private readonly aborts: AbortBookingAttempt,
    private readonly answers: ConfirmedBookingAnswer,
    private readonly followUps: StayFollowUps,
    private readonly expiryJobs: HoldExpiryScheduler,
    private readonly config: AppConfig,
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

  /**
   * One provider call for the attempt (the provider never charges twice for one attempt), then the
   * booking or the abort. The payment terms frozen in the quote decide the call (docs/payments.md):
   * a charge of the attempt's amount (a deposit keeps the card for its balance), or, under pay at
   * property, a guarantee of the card that charges nothing.
   */
  async charge(attempt: PaymentAttemptRecord, ctx: BookingAttempt): Promise<Outcome<BookingView>> {
    const snapshot = ctx.quote.policySnapshot;
    const due = snapshot.payment_terms
      ? chargeOfAttempt(readPaymentTerms(snapshot.payment_terms), payableOnline(ctx.quote.priceBreakdown), attempt.amount, snapshot)
      : null;
    const description = `booking of hold ${ctx.hold.id}`;
    const asked: Promise<ChargeResult> =
      due?.kind === 'guarantee'
        ? this.provider
            .guarantee({
              tenantId: attempt.tenantId,
              idempotencyKey: attempt.id,
              method: attempt.method,
              token: attempt.providerToken,
              billingCountry: attempt.billingCountry,
              description,
            })
            .then((g): ChargeResult => (g.outcome === 'succeeded' ? { outcome: 'succeeded', reference: g.cardReference, cardReference: g.cardReference } : g))
        : this.provider.charge({
            tenantId: attempt.tenantId,
            idempotencyKey: attempt.id,
            amount: attempt.amount,
            method: attempt.method,
            token: attempt.providerToken,
            billingCountry: attempt.billingCountry,
            description,
            ...(due?.kind === 'deposit' ? { keepCard: true } : {}),
            // A payment waiting for the traveler waits at most as long as the hold (docs/payments.md).
            abandonIfWaiting: ctx.hold.expired,
          });
    const result: ChargeResult = await asked.catch((error: unknown) => ({
      outcome: 'error' as const,
      message: error instanceof Error ? error.message : 'payment provider failed',
    }));
    if (result.outcome === 'succeeded') {
      const kept = due && due.kind !== 'full' ? { charge: due, cardReference: result.cardReference ?? null } : null;
      return this.confirm(attempt, result.reference, ctx, kept);
    }
    if (result.outcome === 'action_required') throw actionRequired(ctx, result.actionUrl);
    await this.aborts.abort(attempt, result.outcome, result.message, ctx.actor);
    if (result.outcome === 'declined') {
      throw new DomainError('payment_failed', {
        detail: { hold_id: ctx.hold.id, provider_message: result.message, ...(result.declineCode ? { decline_code: result.declineCode } : {}) },
      });
    }
    throw new DomainError('payment_provider_error', { detail: { hold_id: ctx.hold.id, provider_message: result.message } });
  }

  /** One statement writes the booking, its payment, the hold and inventory changes, audit, outbox and the idempotency record. */
  private async confirm(
    attempt: PaymentAttemptRecord,
    providerReference: string,
    ctx: BookingAttempt,
    kept: { charge: BookingCharge; cardReference: string | null } | null,
  ): Promise<Outcome<BookingView>> {
    const { plan, outcome } = await this.planner.plan(attempt, providerReference, ctx, kept);
    // false: another runner of this same attempt got here first (a replay resumed it)
    if (!(await this.conversion.complete(plan))) return this.answers.afterLostRace(plan.tenantId, plan.holdId, plan.idempotencyKey);
    if (plan.idempotency) ctx.command.idempotency?.sealedWith(outcome, plan.idempotency);
    this.followUps.dispatchPlanned(plan.followUps);
    this.dropExpiryJob(plan.holdId);
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
}
