/**
 * One night of a stay as a single read saw it, before any reservation (docs/booking-chain.md,
 * "Hold"): the rooms its counters left free (`allotment - held - sold`, the room type's default
 * inventory when the night has no row yet) and the `held` holds of the room type past their TTL
 * that cover it, which a reservation expires first and whose rooms it then counts as free.
 */
export interface NightAvailability {
  /** YYYY-MM-DD. */
  night: string;
  free: number;
  /** Rooms of the due holds covering the night. */
  reclaimable: number;
}

/**
 * The nights that could not give `units` rooms to a reservation made at the moment of the read:
 * fewer rooms free than that even after the due holds covering them are reclaimed. Date order, each night once. An
 * empty answer proves nothing (the reservation decides); a non-empty one proves the stay cannot be
 * held at that moment, which is all an early refusal may rely on.
 */
export function provenFullNights(nights: readonly NightAvailability[], units = 1): string[] {
  const full = new Set(nights.filter((n) => n.free + n.reclaimable < units).map((n) => n.night));
  return [...full].sort();
}
