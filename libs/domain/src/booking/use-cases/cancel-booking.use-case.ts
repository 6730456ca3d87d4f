import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { todayIn } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, Traveler } from '../chain.types';
import type { BookingView } from '../views';
import { BookingCanceller } from '../services/booking-canceller';
import { BookingAccess } from '../services/booking-access';

export interface CancelBookingCommand {
  bookingId: string;
  reason?: string | null;
}

/** Only the traveler who booked may cancel (`resource_access_denied`). */
export function assertBookingTraveler(booking: BookingRecord, traveler: Traveler | null): asserts traveler is Traveler {
  if (!traveler || booking.traveler.iss !== traveler.iss || booking.traveler.sub !== traveler.sub) {
    throw new DomainError('resource_access_denied', { message: 'Only the traveler who booked can cancel.', detail: { booking_id: booking.id } });
  }
}

/**
 * Cancel's rules before anything is computed: only the traveler who booked
 * (`resource_access_denied`), only a confirmed booking whose stay has not started (property local
 * date before check-in), else `booking_not_cancellable` with `detail.state` and `detail.reason`.
 */
export function assertCancellable(booking: BookingRecord, traveler: Traveler | null): asserts traveler is Traveler {
  assertBookingTraveler(booking, traveler);
  if (booking.state !== 'confirmed')
    throw new DomainError('booking_not_cancellable', { detail: { booking_id: booking.id, state: booking.state, reason: 'already_cancelled' } });
  const today = todayIn(booking.policySnapshot.timezone);
  if (today >= booking.stay.check_in) {
    throw new DomainError('booking_not_cancellable', {
      detail: { booking_id: booking.id, state: booking.state, reason: 'stay_started', check_in: booking.stay.check_in, property_date: today },
    });
  }
}

/**
 * The traveler a cancel acts for: the delegation's, or, for a tenant admin without one, the
 * booking's own traveler (docs/booking-chain.md, "Admin booking search and cancel").
 */
export function cancellingTraveler(booking: BookingRecord, actor: Caller, delegated: Traveler | null): Traveler | null {
  return delegated ?? (actor.kind === 'admin' ? booking.traveler : null);
}

/**
 * Cancels a confirmed booking for the traveler who booked it, before the stay starts (property
 * local date < check-in): every room still confirmed (docs/booking-chain.md "Several rooms"). The
 * fee comes from the policy frozen at quote time; the rest of the captured amount is refunded; the
 * rooms go back to inventory; follow-ups still scheduled are cancelled (docs/follow-ups.md); all in
 * one transaction.
 */
@Injectable()
export class CancelBooking {
  constructor(
    private readonly access: BookingAccess,
    private readonly canceller: BookingCanceller,
  ) {}

  @Transactional()
  async execute(command: CancelBookingCommand, actor: Caller, delegated: Traveler | null): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    const traveler = cancellingTraveler(booking, actor, delegated);
    assertCancellable(booking, traveler);
    return this.canceller.cancel({ booking, actor, traveler, reason: command.reason ?? null, room: null });
  }
}

export interface CancelBookingRoomCommand extends CancelBookingCommand {
  /** The room's 1-based position in the booking's rooms. */
  room: number;
}

/**
 * Cancels one room of a booking made from a `rooms` quote (docs/booking-chain.md "Several rooms"):
 * the same traveler and stay rules as the whole booking's cancel, then `booking_room_not_found` for a
 * room the booking does not have (a `guests` booking has none) and `booking_not_cancellable` with
 * `detail.room` for a room already cancelled. The fee is the frozen policy's on the room's share of
 * the total; its unit goes back on every night; the last confirmed room cancels the booking.
 */
@Injectable()
export class CancelBookingRoom {
  constructor(
    private readonly access: BookingAccess,
    private readonly canceller: BookingCanceller,
  ) {}

  @Transactional()
  async execute(command: CancelBookingRoomCommand, actor: Caller, delegated: Traveler | null): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    const traveler = cancellingTraveler(booking, actor, delegated);
    const room = booking.rooms?.find((r) => r.room === command.room);
    if (!room) throw new DomainError('booking_room_not_found', { detail: { booking_id: booking.id, room: command.room, rooms: booking.rooms?.length ?? 0 } });
    assertBookingTraveler(booking, traveler);
    if (room.state !== 'confirmed') {
      throw new DomainError('booking_not_cancellable', { detail: { booking_id: booking.id, room: room.room, state: room.state, reason: 'already_cancelled' } });
    }
    assertCancellable(booking, traveler);
    return this.canceller.cancel({ booking, actor, traveler, reason: command.reason ?? null, room: room.room });
  }
}
