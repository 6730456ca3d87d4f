import { Injectable } from '@nestjs/common';
import { RequestContext } from '@hcs/platform';
import { OutboxWriter } from '../../booking/ports/outbox-writer';
import { needsIncident } from '../rules/oversell-rules';
import { OversellIncidentRepository } from '../ports/oversell.repository';
import type { NightCounts, OversellDetectedBy, OversellIncidentRecord } from '../oversell.types';
import { oversellIncidentView } from '../oversell.views';

/**
 * Keeps a room type's incidents in step with its counters, inside the caller's transaction: an
 * incident (and an `oversell.detected` event) for every oversold night that needs one, and the
 * open incidents of nights that are fine again resolved by the system.
 */
@Injectable()
export class OversellReconciler {
  constructor(
    private readonly incidents: OversellIncidentRepository,
    private readonly outbox: OutboxWriter,
    private readonly context: RequestContext,
  ) {}

  async reconcile(
    tenantId: string,
    roomTypeId: string,
    detectedBy: OversellDetectedBy,
    range?: { from: string; to: string },
  ): Promise<{ opened: OversellIncidentRecord[]; resolved: OversellIncidentRecord[] }> {
    const opened: OversellIncidentRecord[] = [];
    for (const night of await this.incidents.oversoldNights(tenantId, roomTypeId, range)) {
      const open = await this.incidents.findOpen(tenantId, roomTypeId, night.night);
      const lastAdmin = open ? null : await this.incidents.lastResolvedByAdmin(tenantId, roomTypeId, night.night);
      if (!needsIncident(night, open, lastAdmin)) continue;
      const incident = await this.openIncident(tenantId, roomTypeId, night, detectedBy);
      if (incident) opened.push(incident);
    }
    const resolved = await this.incidents.resolveRestored(tenantId, roomTypeId);
    return { opened, resolved };
  }

  /** Opens the night's incident and emits `oversell.detected`; null when one was already open. */
  async openIncident(tenantId: string, roomTypeId: string, counts: NightCounts, detectedBy: OversellDetectedBy): Promise<OversellIncidentRecord | null> {
    const bookings = await this.incidents.bookingsOnNight(tenantId, roomTypeId, counts.night);
    const incident = await this.incidents.open({
      tenantId,
      roomTypeId,
      counts,
      bookingIds: bookings.map((b) => b.id),
      bookingUnits: bookings.map((b) => b.units),
      detectedBy,
    });
    if (!incident) return null;
    await this.outbox.append({
      tenantId,
      type: 'oversell.detected',
      aggregateType: 'oversell_incident',
      aggregateId: incident.id,
      traceId: this.context.traceId,
      payload: oversellIncidentView(incident),
    });
    return incident;
  }
}
