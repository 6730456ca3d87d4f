import type { Money } from '../../money/money';

/** A charge of the schedule the worker has claimed one attempt of (docs/payments.md "Balances and fees the worker charges"). */
export interface ClaimedCharge {
  tenantId: string;
  entryId: string;
  bookingId: string;
  kind: 'balance' | 'cancellation_fee';
  amount: Money;
  /** 1-based; the provider's idempotency key derives from the entry and this number. */
  attempt: number;
  /** The card kept at booking; null when the payment kept none (the charge then fails). */
  cardReference: string | null;
}

/** How one claimed attempt ended. */
export type ChargeSettlement =
  { kind: 'captured'; providerReference: string } | { kind: 'retry'; message: string; nextAttemptAt: Date } | { kind: 'failed'; message: string };

/**
 * Port: the stored schedule of bookings' payments (`payment_schedule`). Claiming an attempt is a
 * conditional write: two workers never hold the same attempt at once, and a claim whose worker died
 * lapses after its lease and is taken over with the SAME attempt number (so the provider, asked
 * again with the same key, answers what it answered before and charges once).
 */
export abstract class PaymentSchedule {
  /** Entries of any tenant whose next attempt is due by the database clock, or whose claim lapsed. */
  abstract listDue(limit: number): Promise<Array<{ tenantId: string; entryId: string }>>;
  /** Claims the entry's next attempt (or the lapsed claim's own) for `leaseMs`; null when it is not due, settled or claimed by a live worker. */
  abstract claim(tenantId: string, entryId: string, leaseMs: number): Promise<ClaimedCharge | null>;
  /**
   * Ends the claimed attempt and updates the payment with it (captured: its amount added and the
   * balance settled; a balance out of retries: `overdue`); false when the claim is no longer this
   * attempt's (nothing written).
   */
  abstract settle(tenantId: string, entryId: string, attempt: number, settlement: ChargeSettlement): Promise<boolean>;
  /** A cancellation fee above what was captured, due now, charged to the payment's kept card. */
  abstract addCancellationFee(tenantId: string, bookingId: string, paymentId: string, amount: Money): Promise<void>;
  /**
   * A room cancel that leaves rooms booked changes what is still owed: the untried balance grows or
   * shrinks by `delta` (minor units); one brought to zero is `cancelled` and the payment `captured`.
   */
  abstract resizeBalance(tenantId: string, bookingId: string, delta: number): Promise<void>;
  /** A modified booking's balance not yet tried (and not claimed) falls due at `dueAt` instead. */
  abstract moveBalance(tenantId: string, bookingId: string, dueAt: string): Promise<void>;
  /**
   * A cancelled booking's balances still scheduled become `cancelled`; the payment's state then
   * tells what was captured (`captured`; `guaranteed` while nothing was).
   */
  abstract cancelScheduled(tenantId: string, bookingId: string): Promise<void>;
}
