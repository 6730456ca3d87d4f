import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { AppConfig, RequestContext } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { withContinuation } from '../../errors/pending-outcome';
import { stayNights } from '../../stay/stay-rules';
import type { ChainActor } from '../chain-actor';
import type { BookingRecord, HoldRecord, PrimaryGuest, QuoteRecord, Traveler } from '../chain.types';
import { nextActions } from '../next-actions';
import {
  AuditLog,
  BookingAuthorizationRepository,
  BookingRepository,
  HoldRepository,
  RoomNightReservations,
  OutboxWriter,
  PaymentAttemptRecord,
  PaymentRepository,
  QuoteRepository,
} from '../ports/chain.repositories';
import { DelegationReplayLedger } from '../../delegation/delegation-replay.ledger';
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

/**
 * Turns a live hold into a confirmed, paid booking.
 *
 * 1. tx1: the hold goes `held -> converting` (owned by this Idempotency-Key), a pending payment
 *    attempt is recorded and a booking authorization, if needed, is claimed.
 * 2. The provider is called outside any transaction, with a key derived from the attempt, raced
 *    against PAYMENT_TIMEOUT_MS. On timeout the caller gets `payment_timeout` while the attempt
 *    goes on; its final outcome is handed to the idempotency layer (`withContinuation`).
 * 3. tx2, on success: hold `converted`, inventory held -> sold, booking `confirmed`, payment
 *    captured, authorization used, audit and outbox, signed receipt. On a decline or provider
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
    private readonly quotes: QuoteRepository,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly authorizations: BookingAuthorizationRepository,
    private readonly inventory: RoomNightReservations,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly provider: PaymentProvider,
    private readonly signer: ReceiptSigner,
    private readonly expire: ExpireHold,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
    private readonly replays: DelegationReplayLedger,
    private readonly followUps: StayFollowUps,
  ) {}

  async execute(command: ConfirmBookingCommand, actor: ChainActor, traveler: Traveler): Promise<Outcome<BookingView>> {
    const hold = await this.holds.findById(actor.tenantId, command.holdId);
    if (!hold) throw new DomainError('hold_not_found', { detail: { hold_id: command.holdId } });
    if (hold.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { hold_id: hold.id } });
    if (hold.quoteId !== command.quoteId)
      throw new DomainError('quote_mismatch', { detail: { hold_id: hold.id, quote_id: command.quoteId, hold_quote_id: hold.quoteId } });
    const quote = await this.quotes.findById(actor.tenantId, hold.quoteId);
    if (!quote) throw new DomainError('quote_not_found', { detail: { quote_id: hold.quoteId } });

    if (hold.state === 'converted') {
      const booking = await this.bookings.findByHold(actor.tenantId, hold.id);
      if (booking && booking.idempotencyKey === command.idempotencyKey) return this.confirmedOutcome(booking);
    }
    if (hold.state === 'converting' && hold.convertingKey === command.idempotencyKey) {
      const attempt = await this.payments.findAttempt(actor.tenantId, hold.id, command.idempotencyKey);
      if (attempt) return this.settle(attempt, hold, quote, command, actor, traveler);
    }
    if (hold.state === 'expired' || (hold.state === 'held' && hold.expired)) throw await this.holdExpired(hold);
    if (hold.state !== 'held') throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: hold.state } });

    const authorizationId = this.requiredAuthorization(quote, command, actor);
    if (authorizationId) {
      const auth = await this.authorizations.findById(actor.tenantId, authorizationId);
      const problem = auth
        ? authorizationProblem(auth, {
            agentId: actor.principalId,
            travelerSub: traveler.sub,
            travelerIss: traveler.iss,
            total: quote.priceBreakdown.total,
            holdId: hold.id,
          })
        : 'not_found';
      if (problem) throw new DomainError('booking_authorization_invalid', { detail: { booking_authorization_id: authorizationId, reason: problem } });
    }
    const begun = await this.begin(hold, quote, command, authorizationId, actor, traveler);
    if (begun === 'expired') throw await this.holdExpired(hold);
    return this.settle(begun, hold, quote, command, actor, traveler);
  }

  /** The authorization this booking must use, or null when the total is within the agent's limit. */
  private requiredAuthorization(quote: QuoteRecord, command: ConfirmBookingCommand, actor: ChainActor): string | null {
    const total = quote.priceBreakdown.total;
    if (!exceedsBookingLimit(total, actor.bookingLimit)) return null;
    if (!command.bookingAuthorizationId) {
      throw new DomainError('authorization_required', { detail: { total, booking_limit: actor.bookingLimit } });
    }
    return command.bookingAuthorizationId;
  }

  private async holdExpired(hold: HoldRecord): Promise<DomainError> {
    await this.expire.expireDue(hold.tenantId, hold.id);
    return new DomainError('hold_expired', { detail: { hold_id: hold.id, expired_at: hold.expiresAt.toISOString() } });
  }

  @Transactional()
  private async begin(
    hold: HoldRecord,
    quote: QuoteRecord,
    command: ConfirmBookingCommand,
    authorizationId: string | null,
    actor: ChainActor,
    traveler: Traveler,
  ): Promise<PaymentAttemptRecord | 'expired'> {
    await this.spendDelegation(command, actor, traveler);
    const moved = await this.holds.transition(hold.tenantId, hold.id, holdStatesAllowing('begin_conversion'), holdTarget('begin_conversion'), {
      onlyIfLive: true,
      convertingKey: command.idempotencyKey,
    });
    if (!moved) {
      const current = await this.holds.findById(hold.tenantId, hold.id);
      if (current && current.state === 'held' && current.expired) return 'expired';
      throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
    }
    if (authorizationId && !(await this.authorizations.claim(hold.tenantId, authorizationId, hold.id))) {
      throw new DomainError('booking_authorization_invalid', { detail: { booking_authorization_id: authorizationId, reason: 'used' } });
    }
    return this.payments.createAttempt({
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
    });
  }

  /** A new booking consumes its delegation's jti; replays and crash recovery never reach here. */
  private async spendDelegation(command: ConfirmBookingCommand, actor: ChainActor, traveler: Traveler): Promise<void> {
    const jti = command.delegation?.jti;
    if (!jti || !command.delegation) return;
    const use = { tenantId: actor.tenantId, iss: traveler.iss, jti, expiresAt: command.delegation.expiresAt };
    if (await this.replays.claim({ ...use, principalId: actor.principalId, idempotencyKey: command.idempotencyKey })) return;
    throw new DomainError('delegation_invalid', {
      message: 'This delegation (jti) has already been used for another booking; mint a new one.',
      detail: { reason: 'expired', jti_reused: true },
    });
  }

  /** Calls the provider and completes the booking, within PAYMENT_TIMEOUT_MS or in the background. */
  private async settle(
    attempt: PaymentAttemptRecord,
    hold: HoldRecord,
    quote: QuoteRecord,
    command: ConfirmBookingCommand,
    actor: ChainActor,
    traveler: Traveler,
  ): Promise<Outcome<BookingView>> {
    const work = this.charge(attempt, hold, quote, command, actor, traveler);
    // Whoever awaits `work` sees its failure; this only keeps an unobserved one from crashing the process.
    work.catch((error: unknown) => {
      if (!(error instanceof DomainError)) this.logger.error(`booking attempt ${attempt.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), this.config.paymentTimeoutMs);
    });
    try {
      const first = await Promise.race([work, deadline]);
      if (first === TIMED_OUT) {
        throw withContinuation(
          new DomainError('payment_timeout', { detail: { hold_id: hold.id, budget_ms: this.config.paymentTimeoutMs, replay_with_same_idempotency_key: true } }),
          work,
        );
      }
      return first;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One provider call for the attempt (the provider never charges twice for one attempt), then the booking or the abort. */
  private async charge(
    attempt: PaymentAttemptRecord,
    hold: HoldRecord,
    quote: QuoteRecord,
    command: ConfirmBookingCommand,
    actor: ChainActor,
    traveler: Traveler,
  ): Promise<Outcome<BookingView>> {
    const result: ChargeResult = await this.provider
      .charge({
        tenantId: attempt.tenantId,
        idempotencyKey: attempt.id,
        amount: attempt.amount,
        method: attempt.method,
        token: attempt.providerToken,
        billingCountry: attempt.billingCountry,
        description: `booking of hold ${hold.id}`,
      })
      .catch((error: unknown) => ({ outcome: 'error' as const, message: error instanceof Error ? error.message : 'payment provider failed' }));
    if (result.outcome === 'succeeded') return this.confirm(attempt, result.reference, hold, quote, command, actor, traveler);
    await this.abort(attempt, result.outcome, result.message, actor);
    if (result.outcome === 'declined') throw new DomainError('payment_failed', { detail: { hold_id: hold.id, provider_message: result.message } });
    throw new DomainError('payment_provider_error', { detail: { hold_id: hold.id, provider_message: result.message } });
  }

  /**
   * Finishes an attempt whose api process died between the charge and the booking (the worker's
   * sweep calls this): the same charge and booking steps a replay with the same key would run, with
   * the guest, traveler and agent the attempt kept. Returns how it ended.
   */
  async resume(attempt: PaymentAttemptRecord): Promise<'confirmed' | 'declined' | 'failed' | 'skipped'> {
    const request = attempt.bookingRequest;
    const hold = await this.holds.findById(attempt.tenantId, attempt.holdId);
    if (!request || !hold || hold.state !== 'converting' || hold.convertingKey !== attempt.idempotencyKey) return 'skipped';
    const quote = await this.quotes.findById(attempt.tenantId, hold.quoteId);
    if (!quote) return 'skipped';
    const actor: ChainActor = {
      tenantId: attempt.tenantId,
      principalId: request.agent.principal_id,
      kind: request.agent.kind,
      bookingLimit: request.agent.booking_limit,
    };
    const command: ConfirmBookingCommand = {
      holdId: hold.id,
      quoteId: quote.id,
      guest: request.guest,
      payment: { method: attempt.method, provider_token: attempt.providerToken, billing_country: attempt.billingCountry },
      idempotencyKey: attempt.idempotencyKey,
    };
    try {
      await this.charge(attempt, hold, quote, command, actor, request.traveler);
      return 'confirmed';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.code === 'payment_failed' ? 'declined' : 'failed';
    }
  }

  @Transactional()
  private async confirm(
    attempt: PaymentAttemptRecord,
    reference: string,
    hold: HoldRecord,
    quote: QuoteRecord,
    command: ConfirmBookingCommand,
    actor: ChainActor,
    traveler: Traveler,
  ): Promise<Outcome<BookingView>> {
    const tenantId = actor.tenantId;
    const converted = await this.holds.transition(tenantId, hold.id, holdStatesAllowing('complete_conversion'), holdTarget('complete_conversion'), {
      requireConvertingKey: command.idempotencyKey,
    });
    if (!converted) {
      // Another runner of this same attempt got here first (a replay resumed it): answer with its booking.
      const existing = await this.bookings.findByHold(tenantId, hold.id);
      if (existing && existing.idempotencyKey === command.idempotencyKey) return this.confirmedOutcome(existing);
      const current = await this.holds.findById(tenantId, hold.id);
      throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
    }
    await this.inventory.sellHeld(tenantId, hold.roomTypeId, stayNights(hold.stay));
    await this.payments.completeAttempt(tenantId, attempt.id, 'succeeded', reference, null);
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
    const authorizationId = await this.authorizations.markUsed(tenantId, hold.id, bookingId);
    const booking = await this.bookings.create({
      id: bookingId,
      tenantId,
      agentId: actor.principalId,
      quote,
      holdId: hold.id,
      guest: command.guest,
      traveler: { iss: traveler.iss, sub: traveler.sub },
      bookingAuthorizationId: authorizationId,
      idempotencyKey: command.idempotencyKey,
      confirmationReceipt: receipt,
    });
    const payment = await this.payments.capture(tenantId, booking.id, attempt, reference);
    const traceId = this.context.traceId;
    const by = { kind: actor.kind, id: actor.principalId };
    const chain = { tenantId, quoteId: quote.id, holdId: hold.id, bookingId: booking.id, actor: by, traveler, traceId };
    await this.audit.append({
      ...chain,
      type: 'booking.confirmed',
      data: { total, policy_version: quote.policySnapshot.version, receipt_payload_hash: receipt.payload_hash },
    });
    await this.audit.append({ ...chain, type: 'payment.captured', data: { payment_id: payment.id, amount: payment.amount, provider_reference: reference } });
    await this.followUps.scheduleForConfirmedBooking(booking, by);
    await this.outbox.append({
      tenantId,
      type: 'booking.confirmed',
      aggregateType: 'booking',
      aggregateId: booking.id,
      traceId,
      payload: bookingView(booking, payment),
    });
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
