import type { Caller } from '../../identity/principal';
import type { HoldRecord, QuoteRecord, Traveler } from '../chain.types';
import type { BeginConversion } from '../ports/booking-conversion';
import type { AttemptBookingRequest, PaymentAttemptRecord } from '../ports/payment.repository';
import type { ConfirmBookingCommand } from '../confirm-booking.command';
import { holdStatesAllowing, holdTarget } from './hold-state';
import { payableOnline } from './pricing';
import { chargeAtBooking, readPaymentTerms } from './payment-terms';
import type { Money } from '../../money/money';

/** Everything one booking attempt carries from the first check to the last write. */
export interface BookingAttempt {
  command: ConfirmBookingCommand;
  actor: Caller;
  traveler: Traveler;
  hold: HoldRecord;
  quote: QuoteRecord;
}

/**
 * The `begin` statement of an attempt: the hold goes converting under the Idempotency-Key, the
 * authorization (if any) is claimed, the delegation's jti is spent, and the payment attempt is
 * recorded with what the worker needs to finish it after a crash (guest, traveler, agent).
 */
export function conversionStart(
  { hold, quote, command, actor, traveler }: BookingAttempt,
  authorizationId: string | null,
  now: Date = new Date(),
): BeginConversion {
  return {
    from: holdStatesAllowing('begin_conversion'),
    to: holdTarget('begin_conversion'),
    authorizationId,
    delegationUse:
      command.delegation?.jti && command.delegation
        ? { iss: traveler.iss, jti: command.delegation.jti, expiresAt: command.delegation.expiresAt, principalId: actor.principalId }
        : null,
    // the agent's client_reference is claimed by the same statement (docs/booking-chain.md "After a timeout")
    clientReference: command.clientReference ? { agentId: actor.principalId, value: command.clientReference } : null,
    attempt: {
      tenantId: hold.tenantId,
      holdId: hold.id,
      idempotencyKey: command.idempotencyKey,
      // What is charged through us now: the items payable at the property are the hotel's to collect, and the
      // payment terms may take only a deposit or nothing (docs/payments.md); the amount fixes the choice for resumes.
      amount: amountAtBooking(quote, now),
      method: command.payment.method,
      providerToken: command.payment.provider_token,
      billingCountry: command.payment.billing_country,
      bookingRequest: {
        guest: command.guest,
        traveler: { iss: traveler.iss, sub: traveler.sub },
        agent: { principal_id: actor.principalId, kind: actor.kind, booking_limit: actor.bookingLimit ?? null },
      },
    },
  };
}

/** The attempt as a replay with the same key would carry it, rebuilt from what `begin` kept. */
export function resumedAttempt(attempt: PaymentAttemptRecord, request: AttemptBookingRequest, hold: HoldRecord, quote: QuoteRecord): BookingAttempt {
  return {
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
}

/** What a booking of `quote` charges at confirmation under its frozen payment terms (`payable_online` under prepay). */
export function amountAtBooking(quote: Pick<QuoteRecord, 'priceBreakdown' | 'policySnapshot'>, now: Date): Money {
  const payable = payableOnline(quote.priceBreakdown);
  const terms = quote.policySnapshot.payment_terms;
  return terms ? chargeAtBooking(readPaymentTerms(terms), payable, quote.policySnapshot, now).amount : payable;
}
