import type { PrincipalKind } from '../../identity/principal';
import type { Money } from '../../money/money';
import type { BookingGuest, PaymentRecord, Traveler } from '../chain.types';
import type { SweepFailure } from './hold.repository';

/** What finishing the booking needs besides the payment: kept so the worker can resume a stranded attempt. */
export interface AttemptBookingRequest {
  guest: BookingGuest;
  traveler: Traveler;
  agent: { principal_id: string; kind: PrincipalKind; booking_limit: Money | null };
}

export interface NewPaymentAttempt {
  tenantId: string;
  holdId: string;
  idempotencyKey: string;
  amount: Money;
  method: string;
  providerToken: string;
  billingCountry: string;
  bookingRequest: AttemptBookingRequest;
}

export interface PaymentAttemptRecord extends Omit<NewPaymentAttempt, 'bookingRequest'> {
  id: string;
  state: 'pending' | 'succeeded' | 'declined' | 'error';
  providerReference: string | null;
  providerMessage: string | null;
  /** Null on attempts made before the request was kept; those are resumed only by a replay. */
  bookingRequest: AttemptBookingRequest | null;
  createdAt: Date;
  /** When the attempt last (re)started. */
  startedAt: Date;
}

/** Port: payment attempts (one per booking attempt) and the booking's captured payment. */
export abstract class PaymentRepository {
  abstract createAttempt(input: NewPaymentAttempt): Promise<PaymentAttemptRecord>;
  abstract findAttempt(tenantId: string, holdId: string, idempotencyKey: string): Promise<PaymentAttemptRecord | null>;
  /** An attempt by its id (the provider's key of its charge): how a provider event finds it. */
  abstract findAttemptById(tenantId: string, attemptId: string): Promise<PaymentAttemptRecord | null>;
  /**
   * Attempts of any tenant still pending since before `startedBefore` whose hold is still
   * converting under the attempt's key: the process that owned them is gone (the sweep).
   */
  abstract listStranded(startedBefore: Date, limit: number): Promise<PaymentAttemptRecord[]>;
  /** Counts a failed recovery of the attempt; at `maxAttempts` it is dead-lettered and `listStranded` skips it. */
  abstract recordRecoveryFailure(tenantId: string, attemptId: string, error: string, maxAttempts: number): Promise<SweepFailure>;
  abstract completeAttempt(
    tenantId: string,
    attemptId: string,
    state: 'succeeded' | 'declined' | 'error',
    providerReference: string | null,
    providerMessage: string | null,
  ): Promise<void>;
  abstract capture(tenantId: string, bookingId: string, attempt: PaymentAttemptRecord, providerReference: string): Promise<PaymentRecord>;
  abstract findByBooking(tenantId: string, bookingId: string): Promise<PaymentRecord | null>;
  /**
   * Adds `amount` to the refunded total in one conditional UPDATE (the row's own remaining amount
   * decides, so concurrent refunds never exceed the capture) and sets the state from the new total
   * (`refunded` when nothing remains, else `partially_refunded`); null when more than what remains
   * or the payment is not refundable.
   */
  abstract refund(tenantId: string, paymentId: string, amount: number): Promise<PaymentRecord | null>;
}
