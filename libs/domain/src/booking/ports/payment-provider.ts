import type { Money } from '../../money/money';

export interface ChargeRequest {
  tenantId: string;
  /** The provider never charges twice for one key. */
  idempotencyKey: string;
  amount: Money;
  method: string;
  token: string;
  billingCountry: string;
  description: string;
  /**
   * Keep the card with the provider for later off-session charges (a deposit's balance, a
   * cancellation fee): the result's `cardReference` names it.
   */
  keepCard?: boolean;
  /**
   * The hold this charge pays for has expired: a charge still waiting for the traveler's
   * authentication is given up (cancelled with the provider, answered `declined`) instead of
   * waited on, so that it can no longer be paid once the room is gone.
   */
  abandonIfWaiting?: boolean;
}

export type ChargeResult =
  | { outcome: 'succeeded'; reference: string; cardReference?: string | null }
  | { outcome: 'declined'; message: string; declineCode?: string | null }
  /** The provider failed (5xx, network): nothing was charged under this key. */
  | { outcome: 'error'; message: string }
  /**
   * The card issuer asks the traveler to authenticate (strong customer authentication) at
   * `actionUrl`; nothing is charged yet. Asking again with the same key answers the charge's
   * state at that moment: still this, or its final outcome once the traveler has acted.
   */
  | { outcome: 'action_required'; reference: string; actionUrl: string };

export interface RefundRequest {
  tenantId: string;
  /** The provider never refunds twice for one key (ours: payment, refunded total before, amount; docs/back-office.md). */
  idempotencyKey: string;
  /** The provider's reference of the captured charge. */
  chargeReference: string;
  amount: Money;
}

/** Verifies a card and keeps it for later off-session charges, charging nothing (pay at property). */
export interface GuaranteeRequest {
  tenantId: string;
  /** The provider keeps one card for one key. */
  idempotencyKey: string;
  method: string;
  token: string;
  billingCountry: string;
  description: string;
}

export type GuaranteeResult =
  | { outcome: 'succeeded'; cardReference: string }
  | { outcome: 'declined'; message: string; declineCode?: string | null }
  | { outcome: 'error'; message: string };

/** A charge of a kept card without the traveler present (a balance, a cancellation fee). */
export interface OffSessionChargeRequest {
  tenantId: string;
  /** Derived from our own record (the schedule entry): the provider never charges twice for one key. */
  idempotencyKey: string;
  amount: Money;
  /** A `cardReference` from a charge with `keepCard` or from `guarantee`. */
  cardReference: string;
  description: string;
}

export type RefundResult = { outcome: 'succeeded'; reference: string } | { outcome: 'error'; message: string };

/**
 * Port: the card payment provider. `charge` is called outside any database transaction;
 * `refund` inside the refund's transaction, once the conditional UPDATE of the payment holds its
 * row (docs/back-office.md: a retry asks again with the same key, never refunding twice).
 */
export abstract class PaymentProvider {
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  abstract guarantee(request: GuaranteeRequest): Promise<GuaranteeResult>;
  /** A card that needs its holder present (authentication) is `declined` off-session. */
  abstract chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult>;
  abstract refund(request: RefundRequest): Promise<RefundResult>;
}
