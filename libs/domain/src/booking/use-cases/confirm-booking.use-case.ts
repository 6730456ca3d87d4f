import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { HoldRecord, Traveler } from '../chain.types';
import type { ConfirmBookingCommand } from '../confirm-booking.command';
import { BookingConversion } from '../ports/booking-conversion';
import { BookingAuthorizationRepository } from '../ports/booking-authorization.repository';
import { HoldRepository } from '../ports/hold.repository';
import { PaymentAttemptRecord, PaymentRepository } from '../ports/payment.repository';
import { authorizationProblem, exceedsBookingLimit } from '../rules/booking-authorization';
import { BookingAttempt, conversionStart, resumedAttempt } from '../rules/booking-attempt';
import { guestRoomErrors } from '../rules/booking-rooms';
import { BookingView } from '../views';
import { ClientReferenceGate } from '../services/client-reference-gate';
import { ExpireHold } from './expire-hold.use-case';
import { SettleBookingAttempt } from '../services/settle-booking-attempt';
import { ConfirmedBookingAnswer } from '../services/confirmed-booking-answer';

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
  constructor(
    private readonly holds: HoldRepository,
    private readonly payments: PaymentRepository,
    private readonly authorizations: BookingAuthorizationRepository,
    private readonly conversion: BookingConversion,
    private readonly expire: ExpireHold,
    private readonly settlement: SettleBookingAttempt,
    private readonly referenceGate: ClientReferenceGate,
    private readonly answers: ConfirmedBookingAnswer,
  ) {}

  /** A confirmation with a client_reference also settles what the reference stands for (ClientReferenceGate). */
  async execute(command: ConfirmBookingCommand, actor: Caller, traveler: Traveler): Promise<Outcome<BookingView>> {
    const clientReference = command.clientReference;
    if (!clientReference) return this.attempt(command, actor, traveler);
    try {
      return await this.attempt(command, actor, traveler);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.referenceGate.afterFailure(error, { clientReference, holdId: command.holdId, idempotencyKey: command.idempotencyKey }, actor);
    }
  }

  private async attempt(command: ConfirmBookingCommand, actor: Caller, traveler: Traveler): Promise<Outcome<BookingView>> {
    const reference = command.clientReference ? { agentId: actor.principalId, clientReference: command.clientReference } : null;
    const found = await this.holds.findWithQuote(actor.tenantId, command.holdId, reference, command.idempotency);
    if (!found) throw new DomainError('hold_not_found', { detail: { hold_id: command.holdId } });
    const { quote } = found;
    const hold = found.hold;
    if (hold.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { hold_id: hold.id } });
    if (reference) {
      const decided = await this.referenceGate.before(
        found.reference ?? null,
        { ...reference, holdId: hold.id, idempotencyKey: command.idempotencyKey },
        actor,
      );
      if (decided) return decided;
    }
    if (hold.quoteId !== command.quoteId)
      throw new DomainError('quote_mismatch', { detail: { hold_id: hold.id, quote_id: command.quoteId, hold_quote_id: hold.quoteId } });
    if (!quote) throw new DomainError('quote_not_found', { detail: { quote_id: hold.quoteId } });
    const roomErrors = guestRoomErrors(quote, command.guest);
    if (roomErrors.length > 0) throw validationFailed(roomErrors);
    const ctx: BookingAttempt = { command, actor, traveler, hold, quote };

    if (hold.state === 'converted') {
      const replayed = await this.answers.forKey(actor.tenantId, hold.id, command.idempotencyKey);
      if (replayed) return replayed;
    }
    if (hold.state === 'converting' && hold.convertingKey === command.idempotencyKey) {
      const attempt = await this.payments.findAttempt(actor.tenantId, hold.id, command.idempotencyKey);
      if (attempt) return this.settlement.settle(attempt, ctx);
    }
    if (hold.state === 'expired' || (hold.state === 'held' && hold.expired)) throw await this.holdExpired(hold);
    if (hold.state !== 'held') throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: hold.state } });

    const authorizationId = await this.checkedAuthorization(ctx);
    const begun = await this.begin(ctx, authorizationId);
    if (begun === 'expired') throw await this.holdExpired(hold);
    return this.settlement.settle(begun, ctx);
  }

  /** The authorization this booking must use (checked), or null when the total is within the agent's limit. */
  private async checkedAuthorization({ quote, command, actor, traveler, hold }: BookingAttempt): Promise<string | null> {
    const total = quote.priceBreakdown.total;
    if (!exceedsBookingLimit(total, actor.bookingLimit ?? null)) return null;
    const authorizationId = command.bookingAuthorizationId;
    if (!authorizationId) throw new DomainError('authorization_required', { detail: { total, booking_limit: actor.bookingLimit ?? null } });
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
    const result = await this.conversion.begin(conversionStart({ hold, quote, command, actor, traveler }, authorizationId));
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
    if (result.reason === 'client_reference_taken') {
      throw new DomainError('client_reference_conflict', { detail: { client_reference: command.clientReference, hold_id: hold.id } });
    }
    const current = await this.holds.findById(hold.tenantId, hold.id);
    if (current && current.state === 'held' && current.expired) return 'expired';
    throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: current?.state ?? 'unknown' } });
  }

  /**
   * Finishes an attempt whose api process died between the charge and the booking (the worker's
   * sweep calls this): the same charge and booking steps a replay with the same key would run, with
   * the guest, traveler and agent the attempt kept; a provider event (a webhook) settles an attempt
   * that waited for the traveler the same way. Returns how it ended (`waiting`: still for the traveler).
   */
  async resume(attempt: PaymentAttemptRecord): Promise<'confirmed' | 'declined' | 'failed' | 'skipped' | 'waiting'> {
    const request = attempt.bookingRequest;
    const found = await this.holds.findWithQuote(attempt.tenantId, attempt.holdId);
    if (!request || !found || !found.quote) return 'skipped';
    const { hold, quote } = found;
    if (hold.state !== 'converting' || hold.convertingKey !== attempt.idempotencyKey) return 'skipped';
    const ctx = resumedAttempt(attempt, request, hold, quote);
    try {
      await this.settlement.charge(attempt, ctx);
      return 'confirmed';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The traveler has not authenticated yet: the attempt stays pending, nothing is failed.
      if (error.code === 'payment_action_required') return 'waiting';
      return error.code === 'payment_failed' ? 'declined' : 'failed';
    }
  }
}
