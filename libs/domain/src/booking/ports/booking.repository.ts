import type { Receipt } from '@hcs/contracts';
import type { Stay } from '../../stay/stay-rules';
import type { BookingGuest, BookingRecord, BookingRoom, Cancellation, PolicySnapshot, PriceBreakdown, QuoteRecord, Traveler } from '../chain.types';

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
  /**
   * confirmed -> cancelled; null when the booking was not confirmed any more. With `rooms` (a booking
   * of several rooms), its rooms become these, and only while they are still `expectedRooms`.
   */
  abstract cancel(
    tenantId: string,
    id: string,
    cancellation: Cancellation,
    receipt: Receipt,
    rooms?: { expected: BookingRoom[]; next: BookingRoom[] } | null,
  ): Promise<BookingRecord | null>;
  /**
   * Some rooms of a confirmed booking cancelled, the booking staying confirmed: its rooms become
   * `next` only while the booking is confirmed and its rooms are still `expected` (so two cancels
   * of the same room never both succeed); null otherwise.
   */
  abstract cancelRooms(tenantId: string, id: string, expected: BookingRoom[], next: BookingRoom[]): Promise<BookingRecord | null>;
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
