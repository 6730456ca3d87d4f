import type { AllotmentConflict, DateRange, InventoryNight, RoomType } from '../catalog';

/** Port: per-night inventory counters (ARI availability). */
export abstract class InventoryRepository {
  /**
   * Sets (or, with `null`, clears back to the room type default) the allotment of every night of
   * the range, even below a night's held + sold (an oversell: see docs/back-office.md). Existing
   * nights are locked in date order first, the order the booking chain uses.
   */
  abstract setAllotment(tenantId: string, roomType: RoomType, range: DateRange, allotment: number | null): Promise<void>;
  /**
   * Moves every non-overridden night from `fromNight` on to a new default inventory. Writes
   * nothing and returns the conflicts when a night's held + sold would not fit.
   */
  abstract applyDefaultInventory(tenantId: string, roomTypeId: string, defaultInventory: number, fromNight: string): Promise<AllotmentConflict[]>;
  abstract listNights(tenantId: string, roomType: RoomType, range: DateRange): Promise<InventoryNight[]>;
}
