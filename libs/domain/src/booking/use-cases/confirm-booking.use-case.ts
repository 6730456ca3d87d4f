import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { AppConfig, RequestContext, serializeError } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { withContinuation } from '../../errors/pending-outcome';
import { stayNights } from '../../stay/stay-rules';
import type { ChainActor } from '../chain-actor';
import type { BookingRecord, HoldRecord, PaymentRecord, PrimaryGuest, QuoteRecord, Traveler } from '../chain.types';
import { nextActions } from '../next-actions';
import { BookingConversion } from '../ports/booking-conversion';
import {
  AuditLog,
  BookingAuthorizationRepository,
  BookingRepository,
  HoldRepository,
  PaymentAttemptRecord,
  PaymentRepository,
} from '../ports/chain.repositories';
import { ChargeResult, PaymentProvider } from '../ports/payment-provider';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { ReceiptSigner } from '../receipt-signer';
import { authorizationProblem, exceedsBookingLimit } from '../rules/booking-authorization';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';
import { BookingView, bookingView } from '../views';
import { ExpireHold } from './expire-hold.use-case';

export interface ConfirmBookingCommand {
  holdId: string;
  quoteId: string;
  guest: { primary: PrimaryGuest };
  payment: { method: string; provider_token: string; billing_country: string };
  bookingAuthorizationId?: string | null;
  /** The request's Idempotency-Key: one payment attempt per hold and key. */
  idempotencyKey: string;
  /** The delegation's `jti` and expiry: a jti pays for one booking only (docs/identity.md). */
  delegation?: { jti: string | null; expiresAt: Date } | null;
}

const TIMED_OUT = Symbol('timed-out');

/** Everything one booking attempt carries from the first check to the last write. */
interface BookingAttempt {
  command: ConfirmBookingCommand;
  actor: ChainActor;
  traveler: Traveler;
  hold: HoldRecord;
  quote: QuoteRecord;
}

/**
 * Turns a live hold into a confirmed, paid booking.
 *
 * 1. begin (one statement): the hold goes `held -> converting` (owned by this Idempotency-Key), a
 *    pending payment attempt is recorded, a booking authorization, if needed, is claimed and the
 *    delegation's jti is spent (a jti pays for one booking; a replay of the same request keeps it).
 * 2. The provider is called outside any transaction, with a key derived from the attempt, raced
 *    against PAYMENT_TIMEOUT_MS. On timeout the caller gets `payment_timeout` while the attempt
 *    goes on; its final outcome is handed to the idempotency layer (`withContinuation`).
 * 3. complete (one statement), on success: hold `converted`, inventory held -> sold, booking
 *    `confirmed`, payment captured, authorization used, audit and outbox, signed receipt. On a decline or provider
 *    failure: the hold is `held` again (usable with a new key and another token) or expired if its
 *    TTL passed meanwhile, and the authorization is given back.
 *
 * The same command for a hold already converting under the same key resumes the attempt (the
 * provider never charges twice for one key), so a crash between the steps is repaired by a replay.
 */
@Injectable()
export class ConfirmBooking {
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
  ) {}

  async execute(command: ConfirmBookingCommand, actor: ChainActor, traveler: Traveler): Promise<Outcome<BookingView>> {
    const found = await this.holds.findWithQuote(actor.tenantId, command.holdId);
    if (!found) throw new DomainError('hold_not_found', { detail: { hold_id: command.holdId } });
    const { hold, quote } = found;
    if (hold.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { hold_id: hold.id } });
    if (hold.quoteId !== command.quoteId)
      throw new DomainError('quote_mismatch', { detail: { hold_id: hold.id, quote_id: command.quoteId, hold_quote_id: hold.quoteId } });
    if (!quote) throw new DomainError('quote_not_found', { detail: { quote_id: hold.quoteId } });
    const ctx: BookingAttempt = { command, actor, traveler, hold, quote };

    if (hold.state === 'converted') {
      const booking = await this.bookings.findByHold(actor.tenantId, hold.id);
      if (booking && booking.idempotencyKey === command.idempotencyKey) return this.confirmedOutcome(booking);
    }
    if (hold.state === 'converting' && hold.convertingKey === command.idempotencyKey) {
      const attempt = await this.payments.findAttempt(actor.tenantId, hold.id, command.idempotencyKey);
      if (attempt) return this.settle(attempt, ctx);
    }
    if (hold.state === 'expired' || (hold.state === 'held' && hold.expired)) throw await this.holdExpired(hold);
    if (hold.state !== 'held') throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: hold.state } });

    const authorizationId = await this.checkedAuthorization(ctx);
    const begun = await this.begin(ctx, authorizationId);
    if (begun === 'expired') throw await this.holdExpired(hold);
    return this.settle(begun, ctx);
  }

  /** The authorization this booking must use (checked), or null when the total is within the agent's limit. */
  private async checkedAuthorization({ quote, command, actor, traveler, hold }: BookingAttempt): Promise<string | null> {
    const total = quote.priceBreakdown.total;
    if (!exceedsBookingLimit(total, actor.bookingLimit)) return null;
    const authorizationId = command.bookingAuthorizationId;
    if (!authorizationId) throw new DomainError('authorization_required', { detail: { total, booking_limit: actor.bookingLimit } });
    const auth = await this.authorizations.findById(actor.tenantId, authorizationId);
    const problem = auth
      ? authorizationProblem(auth, { agentId: actor.principalId, travelerSub: traveler.sub, travelerIss: traveler.iss, total, holdId: hold.id })
      : 'not_found';
    if (problem) throw new DomainError('booking_authorization_invalid', { detail: { booking_authorization_id: authorizationId, reason: problem } });
    return authorizationId;
  }

  private async holdExpired(hold: HoldRecord): Promise<DomainError> {
    await this.expire.expireDue(hold.tenantId, hold.id);
    return new DomainError('hold_expired', { detail: { hold_id: hold.id, expired_at: hold.expiresAt.toISOString() } });
  }

  /** One statement: the hold is converting under this key, the authorization claimed, the attempt recorded. */
  private async begin({ hold, quote, command, actor, traveler }: BookingAttempt, authorizationId: string | null): Promise<PaymentAttemptRecord | 'expired'> {
    const result = await this.conversion.begin({
      from: holdStatesAllowing('begin_conversion'),
      to: holdTarget('begin_conversion'),
      authorizationId,
      delegationUse:
        command.delegation?.jti && command.delegation
          ? { iss: traveler.iss, jti: command.delegation.jti, expiresAt: command.delegation.expiresAt, principalId: actor.principalId }
          : null,
      attempt: {
        tenantId: hold.tenantId,
        holdId: hold.id,
        idempotencyKey: command.idempotencyKey,
        amount: quote.priceBreakdown.total,
        method: command.payment.method,
        providerToken: command.payment.provider_token,
        billingCountry: command.payment.billing_country,
        bookingRequest: {
          guest: command.guest,
          traveler: { iss: traveler.iss, sub: traveler.sub },
          agent: { principal_id: actor.principalId, kind: actor.kind, booking_limit: actor.bookingLimit },
        },
      },
    });
    if (result.ok) return result.attempt;
    if (result.reason === 'authorization_taken') {
      throw new DomainError('booking_authorization_invalid', { detail: { booking_authorization_id: authorizationId, reason: 'used' } });
    }
    if (result.reason === 'delegation_spent') {
      throw new DomainError('delegation_invalid', {
        message: 'This delegation (jti) has already been used for another booking; mint a new one.',
        detail: { reason: 'expired', jti_reused: true },
      });
    }
    const current = await this.holds.findById(hold.tenantId, hold.id);
    if (current && current.state === 'held' && current.expired) return 'expired';
    throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
  }

  /** Calls the provider and completes the booking, within PAYMENT_TIMEOUT_MS or in the background. */
  private async settle(attempt: PaymentAttemptRecord, ctx: BookingAttempt): Promise<Outcome<BookingView>> {
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
  private async charge(attempt: PaymentAttemptRecord, ctx: BookingAttempt): Promise<Outcome<BookingView>> {
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

  /**
   * Finishes an attempt whose api process died between the charge and the booking (the worker's
   * sweep calls this): the same charge and booking steps a replay with the same key would run, with
   * the guest, traveler and agent the attempt kept. Returns how it ended.
   */
  async resume(attempt: PaymentAttemptRecord): Promise<'confirmed' | 'declined' | 'failed' | 'skipped'> {
    const request = attempt.bookingRequest;
    const found = await this.holds.findWithQuote(attempt.tenantId, attempt.holdId);
    if (!request || !found || !found.quote) return 'skipped';
    const { hold, quote } = found;
    if (hold.state !== 'converting' || hold.convertingKey !== attempt.idempotencyKey) return 'skipped';
    const ctx: BookingAttempt = {
      hold,
      quote,
      traveler: request.traveler,
      actor: { tenantId: attempt.tenantId, principalId: request.agent.principal_id, kind: request.agent.kind, bookingLimit: request.agent.booking_limit },
      command: {
        holdId: hold.id,
        quoteId: quote.id,
        guest: request.guest,
        payment: { method: attempt.method, provider_token: attempt.providerToken, billing_country: attempt.billingCountry },
        idempotencyKey: attempt.idempotencyKey,
      },
    };
    try {
      await this.charge(attempt, ctx);
      return 'confirmed';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.code === 'payment_failed' ? 'declined' : 'failed';
    }
  }

  /** One statement writes the booking, its payment, the hold and inventory changes, audit and outbox. */
  private async confirm(
    attempt: PaymentAttemptRecord,
    reference: string,
    { hold, quote, command, actor, traveler }: BookingAttempt,
  ): Promise<Outcome<BookingView>> {
    const tenantId = actor.tenantId;
    const bookingId = randomUUID();
    const total = quote.priceBreakdown.total;
    const receipt = await this.signer.sign('booking_confirmed', {
      booking_id: bookingId,
      tenant_id: tenantId,
      agent_id: actor.principalId,
      quote_id: quote.id,
      hold_id: hold.id,
      property_id: quote.propertyId,
      room_type_id: quote.roomTypeId,
      rate_plan_id: quote.ratePlanId,
      check_in: quote.stay.check_in,
      check_out: quote.stay.check_out,
      total_amount: total.amount,
      currency: total.currency,
      policy_id: quote.policySnapshot.policy_id,
      policy_version: quote.policySnapshot.version,
      cancellation_kind: quote.policySnapshot.cancellation_kind,
      traveler_iss: traveler.iss,
      traveler_sub: traveler.sub,
      payment_reference: reference,
    });
    const now = new Date();
    const booking: BookingRecord = {
      id: bookingId,
      tenantId,
      agentId: actor.principalId,
      quoteId: quote.id,
      holdId: hold.id,
      propertyId: quote.propertyId,
      roomTypeId: quote.roomTypeId,
      ratePlanId: quote.ratePlanId,
      stay: quote.stay,
      guests: quote.guests,
      guest: command.guest,
      priceBreakdown: quote.priceBreakdown,
      policySnapshot: quote.policySnapshot,
      traveler: { iss: traveler.iss, sub: traveler.sub },
      idempotencyKey: command.idempotencyKey,
      state: 'confirmed',
      confirmationReceipt: receipt,
      cancellation: null,
      cancellationReceipt: null,
      createdAt: now,
    };
    const payment: PaymentRecord = {
      id: randomUUID(),
      tenantId,
      bookingId,
      amount: attempt.amount,
      refunded: { amount: 0, currency: attempt.amount.currency },
      state: 'captured',
      providerReference: reference,
      capturedAt: now,
    };
    const by = { kind: actor.kind, id: actor.principalId };
    const traceId = this.context.traceId;
    const followUps = this.followUps.planForConfirmedBooking(booking, by);
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
      audit: [
        {
          type: 'booking.confirmed',
          actor: by,
          traveler,
          traceId,
          data: { total, policy_version: quote.policySnapshot.version, receipt_payload_hash: receipt.payload_hash },
        },
        { type: 'payment.captured', actor: by, traveler, traceId, data: { payment_id: payment.id, amount: payment.amount, provider_reference: reference } },
        ...followUps.audit,
      ],
      followUps: followUps.rows,
      // The event carries the booking as GET /v1/bookings/{id} shows it, numbered by its audit entry.
      outbox: [{ type: 'booking.confirmed', aggregateType: 'booking', aggregateId: bookingId, traceId, payload: bookingView(booking, payment), auditIndex: 0 }],
    });
    if (!completed) {
      // Another runner of this same attempt got here first (a replay resumed it): answer with its booking.
      const existing = await this.bookings.findByHold(tenantId, hold.id);
      if (existing && existing.idempotencyKey === command.idempotencyKey) return this.confirmedOutcome(existing);
      const current = await this.holds.findById(tenantId, hold.id);
      throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
    }
    this.followUps.dispatchPlanned(followUps.rows);
    return new Outcome(bookingView(booking, payment), { receipt, status: 201, next_actions: this.bookingNextActions(booking) });
  }

  @Transactional()
  private async abort(attempt: PaymentAttemptRecord, outcome: 'declined' | 'error', message: string, actor: ChainActor): Promise<void> {
    const tenantId = attempt.tenantId;
    await this.payments.completeAttempt(tenantId, attempt.id, outcome, null, message);
    const hold = await this.holds.transition(tenantId, attempt.holdId, holdStatesAllowing('abort_conversion'), holdTarget('abort_conversion'), {
      requireConvertingKey: attempt.idempotencyKey,
    });
    if (!hold) return;
    await this.authorizations.unclaim(tenantId, hold.id);
    await this.audit.append({
      tenantId,
      quoteId: hold.quoteId,
      holdId: hold.id,
      type: outcome === 'declined' ? 'payment.declined' : 'payment.failed',
      actor: { kind: actor.kind, id: actor.principalId },
      traceId: this.context.traceId,
      data: { attempt_id: attempt.id, provider_message: message },
    });
    // A hold whose TTL ran out while it was being paid for does not come back: it expires now.
    if (hold.expired) await this.expire.expireDue(tenantId, hold.id);
  }

  private async confirmedOutcome(booking: BookingRecord): Promise<Outcome<BookingView>> {
    const payment = await this.payments.findByBooking(booking.tenantId, booking.id);
    return new Outcome(bookingView(booking, payment), { receipt: booking.confirmationReceipt, status: 201, next_actions: this.bookingNextActions(booking) });
  }

  private bookingNextActions(booking: BookingRecord) {
    return [nextActions.getBooking(booking), nextActions.cancel(booking), nextActions.audit(booking)];
  }
}
