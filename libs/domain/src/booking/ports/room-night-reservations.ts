import type { Stay } from '../../stay/stay-rules';

/** A `held` hold past its TTL that a reservation took back; the caller records its expiry. */
export interface ReclaimedHold {
  id: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  createdAt: Date;
  expiresAt: Date;
}

export type ReservationResult = { ok: true; reclaimed: ReclaimedHold[] } | { ok: false; fullNights: string[] };

/**
 * Port: per-night inventory counters. Every change is a single conditional UPDATE per night, in
 * date order, inside the caller's transaction; the CHECK (held + sold <= allotment) is the backstop.
 */
export abstract class RoomNightReservations {
  /** Creates missing night rows with the room type's default inventory (idempotent). */
  abstract ensureNights(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /**
   * The slow path of a hold, taken when the one-statement reservation (`HoldReservation`) found a
   * full night: held + 1 on every night with a free room; stops at the first full night. First, in the same
   * transaction, `held` holds of the room type past their TTL that overlap the nights are expired
   * and their rooms given back (expiry is enforced at read time, worker or not); they are returned
   * so the caller records their expiry. A full night rolls the reclaim back with everything else.
   */
  abstract reserve(tenantId: string, roomTypeId: string, nights: string[]): Promise<ReservationResult>;
  /** held - 1 on every night (release, expiry). */
  abstract releaseHeld(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /** sold - 1 on every night (booking cancelled). */
  abstract returnSold(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /**
   * A booking moving dates: sold - 1 on `release`, sold + 1 on `take` where a room is free
   * (`allotment - held - sold >= 1`, so never on an oversold night), all nights in date order;
   * stops at the first full night of `take` (the caller rolls the transaction back).
   */
  abstract moveSold(tenantId: string, roomTypeId: string, release: string[], take: string[]): Promise<ReservationResult>;
}
