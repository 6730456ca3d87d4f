import type { HoldRecord } from '../chain.types';
import type { ChainAuditEntry } from './chain-audit-entry';
import type { NewHold } from './hold.repository';

export interface HoldReservationRequest {
  hold: NewHold;
  /** Every night of the stay, in date order. */
  nights: string[];
  /** `hold.created`; its `data.expires_at` is filled from the hold row. */
  audit: ChainAuditEntry;
}

/** `ok: false` when a night had no free room (nothing was written; the caller takes the slow path). */
export type HoldReservationResult = { ok: true; hold: HoldRecord } | { ok: false };

/**
 * Port: takes one room on every night of a stay and records the hold and its audit entry, all or
 * nothing, in one atomic write. A night without a free room (allotment - held - sold < 1) refuses
 * the whole reservation and names the full nights.
 */
export abstract class HoldReservation {
  abstract reserve(request: HoldReservationRequest): Promise<HoldReservationResult>;
}
