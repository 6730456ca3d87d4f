import type { Receipt } from '@hcs/contracts';
import type { Stay } from '../../stay/stay-rules';
import type { BookingGuest, BookingRecord, Cancellation, PolicySnapshot, PriceBreakdown, QuoteRecord, Traveler } from '../chain.types';

export interface NewBooking {
  id: string;
  tenantId: string;
  agentId: string;
  quote: QuoteRecord;
  holdId: string;
  guest: BookingGuest;
  traveler: Traveler;
  bookingAuthorizationId: string | null;
  idempotencyKey: string;
  confirmationReceipt: Receipt;
}

/** Port: bookings. */
export abstract class BookingRepository {
  /** Inserts a confirmed booking. */
  abstract create(input: NewBooking): Promise<BookingRecord>;
  abstract findById(tenantId: string, id: string): Promise<BookingRecord | null>;
  abstract findByHold(tenantId: string, holdId: string): Promise<BookingRecord | null>;
  /**
   * A confirmed booking whose stay is still `expected` gets another stay, price breakdown and
   * policy snapshot; null when it is not confirmed or its stay changed meanwhile.
   */
  abstract modify(
    tenantId: string,
    id: string,
    expected: Stay,
    change: { stay: Stay; priceBreakdown: PriceBreakdown; policySnapshot: PolicySnapshot },
  ): Promise<BookingRecord | null>;
  /** confirmed -> cancelled; null when the booking was not confirmed any more. */
  abstract cancel(tenantId: string, id: string, cancellation: Cancellation, receipt: Receipt): Promise<BookingRecord | null>;
  /** Newest first (created_at, id), after the cursor position; `limit` rows at most. */
  abstract search(tenantId: string, filter: BookingSearchFilter, limit: number): Promise<BookingRecord[]>;
}

/** What admins find bookings by (docs/booking-chain.md, "Admin booking search"); every field optional. */
export interface BookingSearchFilter {
  bookingId?: string;
  agentId?: string;
  travelerSub?: string;
  state?: BookingRecord['state'];
  /** Stays that overlap [stayFrom, stayTo] (dates, inclusive nights). */
  stayFrom?: string;
  stayTo?: string;
  after?: { createdAt: string; id: string } | null;
}
