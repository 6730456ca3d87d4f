import type { Stay } from '../../stay/stay-rules';

/** A `held` hold past its TTL that a reservation took back; the caller records its expiry. */
export interface ReclaimedHold {
  id: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  /** Rooms it held on every night, given back by the reclaim. */
  units: number;
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
   * full night: held + units on every night with that many free rooms; stops at the first full night. First, in the same
   * transaction, `held` holds of the room type past their TTL that overlap the nights are expired
   * and their rooms given back (expiry is enforced at read time, worker or not); they are returned
   * so the caller records their expiry. A full night rolls the reclaim back with everything else.
   */
  abstract reserve(tenantId: string, roomTypeId: string, nights: string[], units?: number): Promise<ReservationResult>;
  /** held - units on every night (release, expiry). */
  abstract releaseHeld(tenantId: string, roomTypeId: string, nights: string[], units?: number): Promise<void>;
  /** sold - units on every night (booking or some of its rooms cancelled). */
  abstract returnSold(tenantId: string, roomTypeId: string, nights: string[], units?: number): Promise<void>;
  /**
   * A booking moving dates: sold - units on `release`, sold + units on `take` where that many rooms
   * are free (`allotment - held - sold >= units`, so never on an oversold night), all nights in date order;
   * stops at the first full night of `take` (the caller rolls the transaction back).
   */
  abstract moveSold(tenantId: string, roomTypeId: string, release: string[], take: string[], units?: number): Promise<ReservationResult>;
}
