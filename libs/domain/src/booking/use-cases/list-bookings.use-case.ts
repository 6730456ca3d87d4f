import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, BookingState } from '../chain.types';
import { nextActions } from '../next-actions';
import { BookingRepository, BookingSearchFilter } from '../ports/booking.repository';

export interface ListBookingsQuery {
  bookingId?: string;
  agentId?: string;
  travelerSub?: string;
  state?: BookingState;
  stayFrom?: string;
  stayTo?: string;
  limit: number;
  cursor?: string;
}

/** One row of the admin booking list: enough to recognise a booking and open it. */
export function bookingSummaryView(b: BookingRecord) {
  return {
    booking_id: b.id,
    state: b.state,
    property_id: b.propertyId,
    room_type_id: b.roomTypeId,
    stay: b.stay,
    total: b.priceBreakdown.total,
    guest_name: b.guest.primary.full_name,
    traveler: b.traveler,
    agent_id: b.agentId,
    created_at: b.createdAt.toISOString(),
  };
}
export type BookingSummaryView = ReturnType<typeof bookingSummaryView>;

/** Opaque cursor: the (created_at, id) of the last row of a page, base64url JSON. */
export function encodeBookingCursor(b: BookingRecord): string {
  return Buffer.from(JSON.stringify({ c: b.createdAt.toISOString(), i: b.id }), 'utf8').toString('base64url');
}

export function decodeBookingCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { c?: unknown; i?: unknown };
    if (typeof parsed.c === 'string' && !Number.isNaN(Date.parse(parsed.c)) && typeof parsed.i === 'string' && /^[0-9a-f-]{36}$/i.test(parsed.i)) {
      return { createdAt: parsed.c, id: parsed.i };
    }
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {
    detail: { field_errors: [{ path: 'cursor', message: 'is not a cursor this service issued; use data.next_cursor of the previous page' }] },
  });
}

/**
 * Admins find the tenant's bookings by id, agent, traveler, state or stay dates, newest first,
 * a page at a time (docs/booking-chain.md, "Admin booking search").
 */
@Injectable()
export class ListBookings {
  constructor(private readonly bookings: BookingRepository) {}

  async execute(query: ListBookingsQuery, actor: Caller): Promise<Outcome<{ items: BookingSummaryView[]; next_cursor: string | null }>> {
    if (actor.kind !== 'admin') throw new DomainError('resource_access_denied', { message: 'Only tenant admins list bookings.' });
    if (query.stayFrom && query.stayTo && query.stayFrom > query.stayTo) {
      throw new DomainError('validation_failed', { detail: { field_errors: [{ path: 'stay_to', message: 'must not be before stay_from' }] } });
    }
    const filter: BookingSearchFilter = {
      bookingId: query.bookingId,
      agentId: query.agentId,
      travelerSub: query.travelerSub,
      state: query.state,
      stayFrom: query.stayFrom,
      stayTo: query.stayTo,
      after: query.cursor ? decodeBookingCursor(query.cursor) : null,
    };
    const rows = await this.bookings.search(actor.tenantId, filter, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const next = rows.length > query.limit ? encodeBookingCursor(page[page.length - 1]) : null;
    return new Outcome({ items: page.map(bookingSummaryView), next_cursor: next }, { next_actions: page.map((b) => nextActions.getBooking(b)) });
  }
}
