import Stripe from 'stripe';
import { cardReferenceOf, failureOutcome, parseCardReference, paymentIntentOutcome, refundOutcome, setupIntentOutcome } from './stripe-outcomes';

const intent = (fields: Partial<Stripe.PaymentIntent>): Stripe.PaymentIntent => ({ id: 'pi_1', object: 'payment_intent', ...fields }) as Stripe.PaymentIntent;

describe('Stripe answers as payment outcomes', () => {
  it('a succeeded intent is the charge, with the kept card only when asked to keep it', () => {
    const paid = intent({ status: 'succeeded', customer: 'cus_1', payment_method: 'pm_1' });
    expect(paymentIntentOutcome(paid)).toEqual({ outcome: 'succeeded', reference: 'pi_1', cardReference: null });
    expect(paymentIntentOutcome(paid, true)).toEqual({ outcome: 'succeeded', reference: 'pi_1', cardReference: 'cus_1:pm_1' });
  });

  it('an intent waiting for the traveler hands on the issuer page; another kind of action is an error', () => {
    const next = { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3ds/x', return_url: 'https://api.example.com/r' } };
    expect(paymentIntentOutcome(intent({ status: 'requires_action', next_action: next as Stripe.PaymentIntent.NextAction }))).toEqual({
      outcome: 'action_required',
      reference: 'pi_1',
      actionUrl: 'https://hooks.stripe.com/3ds/x',
    });
    expect(
      paymentIntentOutcome(intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } as Stripe.PaymentIntent.NextAction })),
    ).toMatchObject({
      outcome: 'error',
    });
  });

  it('a failed authentication or a later decline is a decline with its code', () => {
    const failed = intent({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      },
    });
    expect(paymentIntentOutcome(failed)).toEqual({
      outcome: 'declined',
      message: 'The provided PaymentMethod has failed authentication.',
      declineCode: 'payment_intent_authentication_failure',
    });
    expect(paymentIntentOutcome(intent({ status: 'processing' }))).toMatchObject({ outcome: 'error' });
  });

  it('a card error is the decline with the decline code; an unknown PaymentMethod is a decline of that token', () => {
    const card = new Stripe.errors.StripeCardError({
      type: 'card_error',
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(failureOutcome(card)).toEqual({ outcome: 'declined', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' });
    const missing = new Stripe.errors.StripeInvalidRequestError({
      type: 'invalid_request_error',
      message: "No such PaymentMethod: 'pm_nope'",
      code: 'resource_missing',
      param: 'payment_method',
    });
    expect(failureOutcome(missing)).toEqual({ outcome: 'declined', message: 'No such card token.', declineCode: null });
  });

  it("the provider's failures are errors told in our words, never naming the key", () => {
    const auth = new Stripe.errors.StripeAuthenticationError({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_****1234' });
    expect(failureOutcome(auth)).toEqual({ outcome: 'error', message: "The payment provider refused this service's credentials." });
    expect(failureOutcome(new Stripe.errors.StripeAPIError({ type: 'api_error', message: 'boom' }))).toEqual({
      outcome: 'error',
      message: 'The payment provider had an internal error.',
    });
    expect(failureOutcome(new Stripe.errors.StripeConnectionError({ type: 'api_error', message: 'ECONNRESET' }))).toEqual({
      outcome: 'error',
      message: 'The payment provider could not be reached.',
    });
    expect(failureOutcome(new Stripe.errors.StripeIdempotencyError({ type: 'idempotency_error', message: 'Keys for idempotent requests...' }))).toMatchObject({
      outcome: 'error',
    });
    expect(failureOutcome(new Error('socket hang up'))).toEqual({ outcome: 'error', message: 'The payment provider failed.' });
  });

  it('guarantees and refunds', () => {
    const kept = { id: 'seti_1', object: 'setup_intent', status: 'succeeded', customer: 'cus_1', payment_method: 'pm_1' } as Stripe.SetupIntent;
    expect(setupIntentOutcome(kept)).toEqual({ outcome: 'succeeded', cardReference: 'cus_1:pm_1' });
    expect(setupIntentOutcome({ ...kept, status: 'requires_action' } as Stripe.SetupIntent)).toMatchObject({
      outcome: 'declined',
      declineCode: 'authentication_required',
    });
    expect(refundOutcome({ id: 're_1', status: 'pending' } as Stripe.Refund)).toEqual({ outcome: 'succeeded', reference: 're_1' });
    expect(refundOutcome({ id: 're_1', status: 'failed' } as Stripe.Refund)).toMatchObject({ outcome: 'error' });
  });

  it('a card reference names a Customer and its PaymentMethod', () => {
    expect(parseCardReference(cardReferenceOf('cus_A1', 'pm_B2'))).toEqual({ customer: 'cus_A1', paymentMethod: 'pm_B2' });
    expect(parseCardReference('card_sandbox_1')).toBeNull();
  });
});
