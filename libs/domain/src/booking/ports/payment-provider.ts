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
}

export type ChargeResult =
  | { outcome: 'succeeded'; reference: string }
  | { outcome: 'declined'; message: string }
  /** The provider failed (5xx, network): nothing was charged under this key. */
  | { outcome: 'error'; message: string };

export interface RefundRequest {
  tenantId: string;
  /** The provider never refunds twice for one key (ours: the refund id). */
  idempotencyKey: string;
  /** The provider's reference of the captured charge. */
  chargeReference: string;
  amount: Money;
}

export type RefundResult = { outcome: 'succeeded'; reference: string } | { outcome: 'error'; message: string };

/**
 * Port: the card payment provider. `charge` is called outside any database transaction;
 * `refund` inside the refund's transaction, once the conditional UPDATE of the payment holds its
 * row (docs/back-office.md: a retry asks again with the same key, never refunding twice).
 */
export abstract class PaymentProvider {
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  abstract refund(request: RefundRequest): Promise<RefundResult>;
}
