import { overshoot } from './rules/oversell-rules';
import type { OversellIncidentRecord } from './oversell.types';

/** The oversell incident read model (REST, and the `oversell.detected` event's data). */
export function oversellIncidentView(i: OversellIncidentRecord) {
  const view = {
    oversell_incident_id: i.id,
    state: i.state,
    property_id: i.propertyId,
    room_type_id: i.roomTypeId,
    date: i.night,
    allotment: i.allotment,
    held: i.held,
    sold: i.sold,
    oversold_by: overshoot(i),
    booking_ids: i.bookingIds,
    detected_by: i.detectedBy,
    opened_at: i.openedAt.toISOString(),
    resolved_at: i.resolvedAt?.toISOString() ?? null,
    resolution_note: i.resolutionNote,
    resolved_by: i.resolvedBy,
  };
  // Room-aware only where it matters: `booking_units` appears when a booking holds several rooms on the night.
  if (!i.bookingUnits.some((u) => u !== 1)) return view;
  return { ...view, booking_units: i.bookingIds.map((id, k) => ({ booking_id: id, units: i.bookingUnits[k] ?? 1 })) };
}
export type OversellIncidentView = ReturnType<typeof oversellIncidentView>;
