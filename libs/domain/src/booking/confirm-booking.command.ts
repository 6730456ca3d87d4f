import type { IdempotentRequest } from '../idempotency/idempotent-request';
import type { BookingGuest } from './chain.types';

/** What a caller asks of `ConfirmBooking`: pay for a live hold and confirm it. */
export interface ConfirmBookingCommand {
  holdId: string;
  quoteId: string;
  guest: BookingGuest;
  payment: { method: string; provider_token: string; billing_country: string };
  bookingAuthorizationId?: string | null;
  /** The request's Idempotency-Key: one payment attempt per hold and key. */
  idempotencyKey: string;
  /** The delegation's `jti` and expiry: a jti pays for one booking only (docs/identity.md). */
  delegation?: { jti: string | null; expiresAt: Date } | null;
  /** The agent's name for this booking (docs/booking-chain.md "After a timeout"); null when none. */
  clientReference?: string | null;
  /**
   * The request's idempotency record as the idempotency layer hands it in: the hold's read claims
   * the key, and the complete statement seals the answer under it. Null without a key (or on the
   * worker's recovery of an attempt).
   */
  idempotency?: IdempotentRequest | null;
}
