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

/** Port: the card payment provider. Called outside any database transaction. */
export abstract class PaymentProvider {
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
}
