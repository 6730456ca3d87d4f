import type { Receipt } from '@hcs/contracts';
import type { Money } from '../../money/money';
import type { RefundRecord } from '../chain.types';

export interface NewRefund {
  id: string;
  tenantId: string;
  bookingId: string;
  paymentId: string;
  amount: Money;
  reason: string | null;
  receipt: Receipt;
}

/** Port: refunds. */
export abstract class RefundRepository {
  abstract create(input: NewRefund): Promise<RefundRecord>;
  abstract findById(tenantId: string, id: string): Promise<RefundRecord | null>;
}
