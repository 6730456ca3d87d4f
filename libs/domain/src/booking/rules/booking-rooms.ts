import { cancellationBase } from './cancellation-fee';
import type { FieldError } from '../../errors/domain-error';
import type { Money } from '../../money/money';
import { roomShares } from './room-share';
import type { BookingGuest, BookingRecord, BookingRoom, QuoteRecord } from '../chain.types';

/**
 * The problems of a booking body's `guest.rooms` against the quote it books: each `room` must be
 * one of the quote's rooms (1..its room count; a `guests` quote has none to name) and appear once.
 */
export function guestRoomErrors(quote: Pick<QuoteRecord, 'rooms'>, guest: BookingGuest): FieldError[] {
  const count = quote.rooms?.length ?? 0;
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  (guest.rooms ?? []).forEach((r, i) => {
    const path = `guest.rooms[${i}].room`;
    if (count === 0) errors.push({ path, message: 'the quote was made with guests (one room): name the guest in guest.primary' });
    else if (r.room < 1 || r.room > count) errors.push({ path, message: `the quote has rooms 1 to ${count}` });
    else if (seen.has(r.room)) errors.push({ path, message: `room ${r.room} is named twice` });
    seen.add(r.room);
  });
  return errors;
}

/** The rooms of a booking still confirmed. */
export function activeRooms(booking: Pick<BookingRecord, 'rooms'>): BookingRoom[] {
  return (booking.rooms ?? []).filter((r) => r.state === 'confirmed');
}

/** Rooms a booking still holds sold on every night: its confirmed rooms, or 1 for a `guests` booking. */
export function soldUnits(booking: Pick<BookingRecord, 'rooms'>): number {
  return booking.rooms ? activeRooms(booking).length : 1;
}

/**
 * Each room's share of the stay's cancellable total (`cancellationBase`: the total less what the
 * hotel collects at the property; `roomShares` over the rooms' subtotals in the frozen price), by
 * room number. Rooms missing from the price (never written so) share equally.
 */
export function bookingRoomShares(booking: Pick<BookingRecord, 'rooms' | 'priceBreakdown'>): Map<number, Money> {
  const rooms = booking.rooms ?? [];
  const priced = booking.priceBreakdown.rooms ?? [];
  const subtotals = rooms.map((r) => ({
    room: r.room,
    subtotal: priced.find((p) => p.room === r.room)?.subtotal ?? { amount: 0, currency: booking.priceBreakdown.currency },
  }));
  return roomShares(cancellationBase(booking.priceBreakdown), subtotals);
}

/**
 * What cancelling these rooms is charged on: the sum of their shares of the cancellable total (the
 * whole of it for a `guests` booking).
 */
export function cancelledAmount(booking: Pick<BookingRecord, 'rooms' | 'priceBreakdown'>, rooms: readonly BookingRoom[]): Money {
  const total = cancellationBase(booking.priceBreakdown);
  if (!booking.rooms) return total;
  const shares = bookingRoomShares(booking);
  return { amount: rooms.reduce((sum, r) => sum + (shares.get(r.room)?.amount ?? 0), 0), currency: total.currency };
}
