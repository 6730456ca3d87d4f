import type { NewPaymentAttempt, PaymentAttemptRecord } from '@hcs/domain';
import type { SqlParams } from './sql-params';

/** Rows a payment adapter writes with the attempt they pay for, planned for one begin statement. */
export interface PlannedPaymentRecord {
  /**
   * A data-modifying CTE body that reads the new attempt from `att` and runs only when the
   * statement goes through (`FROM att, referenced`), ending in `RETURNING 1`.
   */
  cte: string;
  /** Called once the statement committed the rows, with the attempt they belong to. */
  committed(attempt: PaymentAttemptRecord): void;
}

/**
 * What the bound payment adapter records with a booking's payment attempt, in the begin statement
 * itself (docs/booking-chain.md "The confirmation's statements"): a provider that decides a charge
 * at once writes its own record there instead of in a statement of its own. The adapter that needs
 * it binds it; without a binding the begin statement writes nothing more.
 */
export abstract class PaymentRecordFragment {
  /** The rows for this attempt, their parameters added to `p`; null when the adapter records nothing. */
  abstract plan(p: SqlParams, attempt: NewPaymentAttempt): PlannedPaymentRecord | null;
}
