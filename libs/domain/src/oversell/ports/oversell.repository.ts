import type { NightCounts, OversellDetectedBy, OversellIncidentRecord, OversellIncidentState } from '../oversell.types';

export interface NewOversellIncident {
  tenantId: string;
  roomTypeId: string;
  counts: NightCounts;
  bookingIds: string[];
  /** Rooms each of `bookingIds` holds on the night (its confirmed rooms; 1 for a `guests` booking), in the same order. */
  bookingUnits: number[];
  detectedBy: OversellDetectedBy;
}

/** Port: oversell incidents and the inventory facts they are about. */
export abstract class OversellIncidentRepository {
  /** Nights of a room type where held + sold exceed the allotment, in date order (optionally within a range). */
  abstract oversoldNights(tenantId: string, roomTypeId: string, range?: { from: string; to: string }): Promise<NightCounts[]>;
  /** One night's counters (a night without a row has the room type's default inventory); null when the room type does not exist. */
  abstract nightCounts(tenantId: string, roomTypeId: string, night: string): Promise<NightCounts | null>;
  /** Confirmed bookings of the room type that include the night, each with the rooms (units) it holds on it. */
  abstract bookingsOnNight(tenantId: string, roomTypeId: string, night: string): Promise<Array<{ id: string; units: number }>>;
  /** Opens an incident; null when one is already open for the night (at most one open per night). */
  abstract open(input: NewOversellIncident): Promise<OversellIncidentRecord | null>;
  abstract findOpen(tenantId: string, roomTypeId: string, night: string): Promise<OversellIncidentRecord | null>;
  abstract lastResolvedByAdmin(tenantId: string, roomTypeId: string, night: string): Promise<OversellIncidentRecord | null>;
  /** Resolves (as the system) the open incidents of a room type whose night is no longer oversold. */
  abstract resolveRestored(tenantId: string, roomTypeId: string): Promise<OversellIncidentRecord[]>;
  /** open -> resolved by an admin with a note; null when it was not open. */
  abstract resolveByAdmin(tenantId: string, id: string, adminId: string, note: string): Promise<OversellIncidentRecord | null>;
  abstract findById(tenantId: string, id: string): Promise<OversellIncidentRecord | null>;
  /** Newest first; `after` is the last item of the previous page. */
  abstract list(
    tenantId: string,
    query: { state: OversellIncidentState | null; after: { openedAt: string; id: string } | null; limit: number },
  ): Promise<OversellIncidentRecord[]>;
  /**
   * Room types of any tenant with an oversold night and no open incident, or an open incident
   * whose night is fine again (the sweep then reconciles each in its tenant's transaction).
   */
  abstract listToReconcile(limit: number): Promise<Array<{ tenantId: string; roomTypeId: string }>>;
}
