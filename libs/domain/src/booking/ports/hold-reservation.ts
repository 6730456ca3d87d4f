import type { ChainAuditEntry } from './chain-audit-entry';
import type { SealedResponse } from '../../idempotency/idempotent-request';
import type { CreatedHold, NewHold } from './hold.repository';

export interface HoldReservationRequest {
  hold: NewHold;
  /** Every night of the stay, in date order. */
  nights: string[];
  /** `hold.created`; its `data.expires_at` is filled from the hold row. */
  audit: ChainAuditEntry;
  /** The request's idempotency record sealed with the hold's answer, written only with the hold; none without a key. */
  idempotency?: SealedResponse | null;
}

/** `ok: false` when a night had no free room (nothing was written; the caller takes the slow path). */
export type HoldReservationResult = ({ ok: true } & CreatedHold) | { ok: false };

/**
 * Port: takes one room on every night of a stay and records the hold, its audit entry and its sealed
 * idempotency record, all or nothing, in one atomic write. A night without a free room (allotment - held - sold < 1) refuses
 * the whole reservation and names the full nights.
 */
export abstract class HoldReservation {
  abstract reserve(request: HoldReservationRequest): Promise<HoldReservationResult>;
}
