import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import {
  ChargeRequest,
  ChargeResult,
  GuaranteeRequest,
  GuaranteeResult,
  OffSessionChargeRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '@hcs/domain';
import { serializeError } from '@hcs/platform';
import { failureOutcome, parseCardReference, paymentIntentOutcome, refundOutcome, setupIntentOutcome } from './stripe-outcomes';

/** Where Stripe sends the traveler back after the issuer's authentication page (docs/payments.md). */
export const STRIPE_RETURN_PATH = '/payments/stripe/return';

/** What Stripe keeps with every object we create, so that its events lead back to our records. */
export const METADATA_TENANT = 'hcs_tenant_id';
export const METADATA_KEY = 'hcs_idempotency_key';

/** Statuses Stripe's idempotent replay may show stale: the intent is read again for its state now. */
const MAY_HAVE_MOVED = new Set<Stripe.PaymentIntent.Status>(['requires_action', 'processing', 'requires_confirmation']);

/**
 * The payment port on Stripe through the official SDK (docs/payments.md). Every call
 * carries an idempotency key derived from our own record (the attempt, the schedule entry, the
 * payment's refunded total): Stripe answers a repeated key with the first call's result, so a
 * retry after any crash never charges or refunds twice. Card amounts are already integers in the
 * currency's minor unit (docs/api-contract.md "Money"), as Stripe wants them.
 */
export class StripePaymentProvider extends PaymentProvider {
  private readonly logger = new Logger('StripePaymentProvider');

  constructor(
    private readonly stripe: Stripe,
    private readonly baseUrl: string,
  ) {
    super();
  }

  /**
   * A PaymentIntent confirmed at once with the traveler's PaymentMethod. With `keepCard` the card is
   * attached to a Customer for later off-session charges. A card whose issuer asks for
   * authentication answers `action_required` with the issuer's page; asked again under the same key
   * (a replay, the worker's sweep, the webhook), the intent is read again for its state now.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const customer = request.keepCard ? await this.customerFor(request.tenantId, request.idempotencyKey, request.description) : null;
      const params: Stripe.PaymentIntentCreateParams = {
        amount: request.amount.amount,
        currency: request.amount.currency.toLowerCase(),
        payment_method: request.token,
        allowed_payment_method_types: ['card'],
        confirm: true,
        return_url: `${this.baseUrl}${STRIPE_RETURN_PATH}`,
        description: request.description,
        metadata: this.metadata(request.tenantId, request.idempotencyKey),
        ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
      };
      const created = await this.stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey });
      const intent = MAY_HAVE_MOVED.has(created.status) ? await this.stripe.paymentIntents.retrieve(created.id) : created;
      const outcome = paymentIntentOutcome(intent, request.keepCard === true);
      return outcome.outcome === 'action_required' && request.abandonIfWaiting ? await this.abandon(outcome, intent.id, request.idempotencyKey) : outcome;
    } catch (error) {
      return this.failed('charge', request.idempotencyKey, error);
    }
  }

  /** A SetupIntent confirmed with a Customer: the card is verified and kept for off-session use, nothing charged. */
  async guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    try {
      const customer = await this.customerFor(request.tenantId, request.idempotencyKey, request.description);
      const params: Stripe.SetupIntentCreateParams = {
        customer,
        payment_method: request.token,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        confirm: true,
        return_url: `${this.baseUrl}${STRIPE_RETURN_PATH}`,
        description: request.description,
        metadata: this.metadata(request.tenantId, request.idempotencyKey),
      };
      return setupIntentOutcome(await this.stripe.setupIntents.create(params, { idempotencyKey: request.idempotencyKey }));
    } catch (error) {
      return this.failed('guarantee', request.idempotencyKey, error);
    }
  }

  /** A PaymentIntent on a kept card without the traveler; a card that needs its holder is declined (`authentication_required`). */
  async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    const card = parseCardReference(request.cardReference);
    if (!card) return { outcome: 'declined', message: 'The kept card is not a Stripe card of this service.', declineCode: null };
    try {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: request.amount.amount,
        currency: request.amount.currency.toLowerCase(),
        customer: card.customer,
        payment_method: card.paymentMethod,
        allowed_payment_method_types: ['card'],
        off_session: true,
        confirm: true,
        description: request.description,
        metadata: this.metadata(request.tenantId, request.idempotencyKey),
      };
      const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey });
      const outcome = paymentIntentOutcome(intent);
      // Off-session nobody can authenticate: an intent asking for it is a decline of this charge.
      return outcome.outcome === 'action_required'
        ? { outcome: 'declined', message: 'The card issuer asks the cardholder to authenticate.', declineCode: 'authentication_required' }
        : outcome;
    } catch (error) {
      return this.failed('off-session charge', request.idempotencyKey, error);
    }
  }

  /** A Refund of part of the PaymentIntent that captured the booking's payment. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const params: Stripe.RefundCreateParams = {
        payment_intent: request.chargeReference,
        amount: request.amount.amount,
        metadata: this.metadata(request.tenantId, request.idempotencyKey),
      };
      return refundOutcome(await this.stripe.refunds.create(params, { idempotencyKey: request.idempotencyKey }));
    } catch (error) {
      const failure = this.failed('refund', request.idempotencyKey, error);
      return { outcome: 'error', message: failure.message };
    }
  }

  /**
   * Cancels an intent still waiting for the traveler, so that it can no longer be paid. Stripe
   * refuses to cancel one that succeeded meanwhile: that one is read again and is the answer. When
   * Stripe cannot be reached the attempt keeps waiting, and the next sweep tries again.
   */
  private async abandon(waiting: ChargeResult, intentId: string, idempotencyKey: string): Promise<ChargeResult> {
    try {
      await this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `${idempotencyKey}:abandon` });
      return {
        outcome: 'declined',
        message: 'The traveler did not authenticate the payment before the hold expired.',
        declineCode: 'authentication_not_completed',
      };
    } catch (cancelError) {
      try {
        const now = paymentIntentOutcome(await this.stripe.paymentIntents.retrieve(intentId));
        return now.outcome === 'error' ? waiting : now;
      } catch (error) {
        this.logger.warn(
          { err: serializeError(error), cancel_err: serializeError(cancelError), idempotency_key: idempotencyKey },
          'Stripe: could not give up a payment waiting for the traveler',
        );
        return waiting;
      }
    }
  }

  /** One Customer per key of ours (its own idempotency key), holding the card to keep. */
  private async customerFor(tenantId: string, idempotencyKey: string, description: string): Promise<string> {
    const params: Stripe.CustomerCreateParams = { description, metadata: this.metadata(tenantId, idempotencyKey) };
    const customer = await this.stripe.customers.create(params, { idempotencyKey: `${idempotencyKey}:customer` });
    return customer.id;
  }

  private metadata(tenantId: string, idempotencyKey: string): Stripe.MetadataParam {
    return { [METADATA_TENANT]: tenantId, [METADATA_KEY]: idempotencyKey };
  }

  private failed(call: string, idempotencyKey: string, error: unknown): ReturnType<typeof failureOutcome> {
    const outcome = failureOutcome(error);
    if (outcome.outcome === 'error') this.logger.warn({ err: serializeError(error), idempotency_key: idempotencyKey }, `Stripe ${call} failed`);
    return outcome;
  }
}
