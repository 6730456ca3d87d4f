import Stripe from 'stripe';
import type { ChargeResult, GuaranteeResult, RefundResult } from '@hcs/domain';

/**
 * How Stripe's answers read as the payment port's outcomes (docs/payments.md "What each
 * error means"). Pure, so that every mapping is tested without a server.
 */

/** A kept card as the port names it: the Customer and its PaymentMethod. */
export function cardReferenceOf(customer: string, paymentMethod: string): string {
  return `${customer}:${paymentMethod}`;
}

/** The Customer and PaymentMethod of a `cardReference`; null when it is not one of ours. */
export function parseCardReference(reference: string): { customer: string; paymentMethod: string } | null {
  const match = /^(cus_[A-Za-z0-9_]+):(pm_[A-Za-z0-9_]+)$/.exec(reference);
  return match ? { customer: match[1], paymentMethod: match[2] } : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The outcome of a PaymentIntent in the state Stripe answered it in. */
export function paymentIntentOutcome(intent: Stripe.PaymentIntent, keepCard = false): ChargeResult {
  switch (intent.status) {
    case 'succeeded': {
      const customer = idOf(intent.customer);
      const method = idOf(intent.payment_method);
      return { outcome: 'succeeded', reference: intent.id, cardReference: keepCard && customer && method ? cardReferenceOf(customer, method) : null };
    }
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { outcome: 'action_required', reference: intent.id, actionUrl: url };
      return {
        outcome: 'error',
        message: `The payment needs an action of the traveler of a kind this service cannot hand on (${intent.next_action?.type ?? 'unknown'}).`,
      };
    }
    case 'requires_payment_method': {
      // The traveler's authentication failed, or the card was declined after it.
      const failure = intent.last_payment_error;
      return { outcome: 'declined', message: failure?.message ?? 'The card was declined.', declineCode: failure?.decline_code ?? failure?.code ?? null };
    }
    case 'canceled':
      return { outcome: 'declined', message: 'The payment was canceled.', declineCode: intent.cancellation_reason ?? null };
    default:
      // processing, requires_confirmation, requires_capture: not a state a confirmed card payment of ours ends in.
      return { outcome: 'error', message: `The payment provider answered the payment as ${intent.status}.` };
  }
}

/** The outcome of a SetupIntent (a guarantee): the card kept, or why not. */
export function setupIntentOutcome(intent: Stripe.SetupIntent): GuaranteeResult {
  if (intent.status === 'succeeded') {
    const customer = idOf(intent.customer);
    const method = idOf(intent.payment_method);
    if (customer && method) return { outcome: 'succeeded', cardReference: cardReferenceOf(customer, method) };
    return { outcome: 'error', message: 'The payment provider kept the card without naming it.' };
  }
  if (intent.status === 'requires_action') {
    return {
      outcome: 'declined',
      message: 'The card issuer asks the traveler to authenticate; a guarantee cannot ask for it.',
      declineCode: 'authentication_required',
    };
  }
  if (intent.status === 'requires_payment_method') {
    const failure = intent.last_setup_error;
    return { outcome: 'declined', message: failure?.message ?? 'The card was declined.', declineCode: failure?.decline_code ?? failure?.code ?? null };
  }
  return { outcome: 'error', message: `The payment provider answered the guarantee as ${intent.status}.` };
}

/** The outcome of a Refund. A pending refund is under way at the card network: it counts as issued. */
export function refundOutcome(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'succeeded' || refund.status === 'pending') return { outcome: 'succeeded', reference: refund.id };
  return { outcome: 'error', message: `The payment provider answered the refund as ${refund.status ?? 'unknown'}.` };
}

/**
 * A thrown error of the SDK as an outcome: a card error is the card's decline (with its decline
 * code); a PaymentMethod Stripe does not know is a decline of that token; an idempotency error, an
 * API, rate-limit, authentication or connection failure is the provider's failure, told in words
 * of ours (the provider's own may name the account or the key's last digits).
 */
export function failureOutcome(error: unknown): Extract<ChargeResult, { outcome: 'declined' | 'error' }> {
  if (error instanceof Stripe.errors.StripeCardError) {
    return { outcome: 'declined', message: error.message, declineCode: error.decline_code ?? error.code ?? null };
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && error.param === 'payment_method') {
    return { outcome: 'declined', message: 'No such card token.', declineCode: null };
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return { outcome: 'error', message: 'The payment provider refused a reused idempotency key with other parameters.' };
  }
  // The provider's own text of these may name the service's key (masked) or its account: never passed on.
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return { outcome: 'error', message: "The payment provider refused this service's credentials." };
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return { outcome: 'error', message: 'The payment provider is limiting the rate of requests.' };
  if (error instanceof Stripe.errors.StripeConnectionError) return { outcome: 'error', message: 'The payment provider could not be reached.' };
  if (error instanceof Stripe.errors.StripeAPIError) return { outcome: 'error', message: 'The payment provider had an internal error.' };
  if (error instanceof Stripe.errors.StripeError)
    return { outcome: 'error', message: `The payment provider refused the request (${error.code ?? error.type}).` };
  return { outcome: 'error', message: 'The payment provider failed.' };
}
