/**
 * Port: the payment provider's webhook events already taken, by the provider's event id
 * (docs/payments.md "Webhook"), so that a second delivery of one event does nothing.
 */
export abstract class PaymentProviderEventLog {
  /** True when this call took the event (first delivery); false when it was taken before. */
  abstract claim(provider: string, eventId: string, type: string): Promise<boolean>;
  /** Gives a claimed event back after its handling failed, so that the provider's retry handles it. */
  abstract release(provider: string, eventId: string): Promise<void>;
}

/** A verified provider event about a payment, as the webhook hands it to the domain. */
export interface PaymentProviderEvent {
  provider: string;
  id: string;
  type: string;
  /** What our own call recorded with the provider's object (null: not one of ours). */
  tenantId: string | null;
  idempotencyKey: string | null;
}
