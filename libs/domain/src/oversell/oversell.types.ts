/** How an incident was found (docs/back-office.md). */
export type OversellDetectedBy = 'inventory_change' | 'sweep' | 'report';
export type OversellIncidentState = 'open' | 'resolved';

/** One night's counters of a room type. */
export interface NightCounts {
  night: string;
  allotment: number;
  held: number;
  sold: number;
}

export interface OversellIncidentRecord {
  id: string;
  tenantId: string;
  propertyId: string;
  roomTypeId: string;
  night: string;
  state: OversellIncidentState;
  /** The night's counters when the incident was opened. */
  allotment: number;
  held: number;
  sold: number;
  bookingIds: string[];
  /** Rooms each booking of `bookingIds` held on the night when the incident was opened (same order); empty when not recorded. */
  bookingUnits: number[];
  detectedBy: OversellDetectedBy;
  openedAt: Date;
  resolvedAt: Date | null;
  resolutionNote: string | null;
  resolvedBy: { kind: 'admin' | 'system'; id: string | null } | null;
}
