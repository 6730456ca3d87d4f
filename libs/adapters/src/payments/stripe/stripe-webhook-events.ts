import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError, PaymentProviderEvent } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { METADATA_KEY, METADATA_TENANT } from './stripe-payment.provider';

/** Why a delivery was refused (`detail.reason` of `webhook_signature_invalid`). */
type Refusal = 'not_configured' | 'missing_signature' | 'signature_mismatch';

const refused = (reason: Refusal) => new DomainError('webhook_signature_invalid', { detail: { reason } });

/** The metadata of our own objects (intents, setup intents, refunds) that an event carries. */
function metadataOf(object: unknown): { tenantId: string | null; idempotencyKey: string | null } {
  if (object === null || typeof object !== 'object' || !('metadata' in object)) return { tenantId: null, idempotencyKey: null };
  const metadata = object.metadata;
  if (metadata === null || typeof metadata !== 'object') return { tenantId: null, idempotencyKey: null };
  const read = (key: string) => (key in metadata ? (metadata as Record<string, unknown>)[key] : undefined);
  const tenant = read(METADATA_TENANT);
  const key = read(METADATA_KEY);
  return { tenantId: typeof tenant === 'string' ? tenant : null, idempotencyKey: typeof key === 'string' ? key : null };
}

/**
 * Reads a delivery of `POST /webhooks/stripe` (docs/payments.md "Webhook"): the
 * `Stripe-Signature` over the exact body is checked with STRIPE_WEBHOOK_SECRET by the SDK
 * (`webhooks.constructEvent`, which also refuses a timestamp older than its tolerance), and the
 * event becomes the domain's provider event. A delivery that is not signed with the secret is
 * refused before anything is read from it.
 */
@Injectable()
export class StripeWebhookEvents {
  constructor(private readonly config: AppConfig) {}

  verify(payload: Buffer | undefined, signature: string | undefined): PaymentProviderEvent {
    const secret = this.config.stripeWebhookSecret;
    if (this.config.paymentProvider !== 'stripe' || !secret) throw refused('not_configured');
    if (!signature || !payload) throw refused('missing_signature');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      throw refused('signature_mismatch');
    }
    return { provider: 'stripe', id: event.id, type: event.type, ...metadataOf(event.data.object) };
  }
}
