import { Injectable } from '@nestjs/common';
import { NewOversellIncident, NightCounts, OversellDetectedBy, OversellIncidentRecord, OversellIncidentRepository, OversellIncidentState } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';

const COLUMNS = `id, tenant_id, property_id, room_type_id, night::text AS night, state, allotment, held, sold, booking_ids::text[] AS booking_ids, booking_units,
  detected_by, opened_at, resolved_at, resolution_note, resolved_by_kind, resolved_by_id`;

interface Row {
  id: string;
  tenant_id: string;
  property_id: string;
  room_type_id: string;
  night: string;
  state: OversellIncidentState;
  allotment: number;
  held: number;
  sold: number;
  booking_ids: string[];
  booking_units: number[] | null;
  detected_by: OversellDetectedBy;
  opened_at: Date;
  resolved_at: Date | null;
  resolution_note: string | null;
  resolved_by_kind: 'admin' | 'system' | null;
  resolved_by_id: string | null;
}

const toIncident = (r: Row): OversellIncidentRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  propertyId: r.property_id,
  roomTypeId: r.room_type_id,
  night: r.night,
  state: r.state,
  allotment: r.allotment,
  held: r.held,
  sold: r.sold,
  bookingIds: r.booking_ids,
  bookingUnits: r.booking_units ?? [],
  detectedBy: r.detected_by,
  openedAt: r.opened_at,
  resolvedAt: r.resolved_at,
  resolutionNote: r.resolution_note,
  resolvedBy: r.resolved_by_kind ? { kind: r.resolved_by_kind, id: r.resolved_by_id } : null,
});

@Injectable()
export class SqlOversellIncidentRepository extends OversellIncidentRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async oversoldNights(tenantId: string, roomTypeId: string, range?: { from: string; to: string }): Promise<NightCounts[]> {
    return await this.sql.rows<NightCounts>(
      `SELECT night::text AS night, allotment, held, sold FROM inventory_nights
        WHERE tenant_id = $1 AND room_type_id = $2 AND held + sold > allotment
          AND ($3::date IS NULL OR night BETWEEN $3::date AND $4::date)
        ORDER BY night`,
      [tenantId, roomTypeId, range?.from ?? null, range?.to ?? null],
    );
  }

  async nightCounts(tenantId: string, roomTypeId: string, night: string): Promise<NightCounts | null> {
    const rows = await this.sql.rows<NightCounts>(
      `SELECT $3::date::text AS night, COALESCE(n.allotment, rt.default_inventory) AS allotment, COALESCE(n.held, 0) AS held, COALESCE(n.sold, 0) AS sold
         FROM room_types rt
         LEFT JOIN inventory_nights n ON n.tenant_id = rt.tenant_id AND n.room_type_id = rt.id AND n.night = $3::date
        WHERE rt.tenant_id = $1 AND rt.id = $2`,
      [tenantId, roomTypeId, night],
    );
    return rows[0] ?? null;
  }

  async bookingsOnNight(tenantId: string, roomTypeId: string, night: string): Promise<Array<{ id: string; units: number }>> {
    // A booking of several rooms holds its confirmed rooms; a `guests` booking (rooms null) one.
    const rows = await this.sql.rows<{ id: string; units: number }>(
      `SELECT id, CASE WHEN rooms IS NULL THEN 1
                       ELSE (SELECT count(*) FROM jsonb_array_elements(rooms) r WHERE r->>'state' = 'confirmed') END::int AS units
         FROM bookings WHERE tenant_id = $1 AND room_type_id = $2 AND state = 'confirmed' AND check_in <= $3::date AND check_out > $3::date
        ORDER BY created_at, id`,
      [tenantId, roomTypeId, night],
    );
    return rows.map((r) => ({ id: r.id, units: Number(r.units) }));
  }

  async open(input: NewOversellIncident): Promise<OversellIncidentRecord | null> {
    const rows = await this.sql.rows<Row>(
      `INSERT INTO oversell_incidents (tenant_id, property_id, room_type_id, night, state, allotment, held, sold, booking_ids, detected_by, booking_units)
       SELECT rt.tenant_id, rt.property_id, rt.id, $3::date, 'open', $4, $5, $6, $7::uuid[], $8, $9::smallint[]
         FROM room_types rt WHERE rt.tenant_id = $1 AND rt.id = $2
       ON CONFLICT (tenant_id, room_type_id, night) WHERE state = 'open' DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        input.tenantId,
        input.roomTypeId,
        input.counts.night,
        input.counts.allotment,
        input.counts.held,
        input.counts.sold,
        input.bookingIds,
        input.detectedBy,
        input.bookingUnits,
      ],
    );
    return rows[0] ? toIncident(rows[0]) : null;
  }

  async findOpen(tenantId: string, roomTypeId: string, night: string): Promise<OversellIncidentRecord | null> {
    const rows = await this.sql.rows<Row>(
      `SELECT ${COLUMNS} FROM oversell_incidents WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3::date AND state = 'open'`,
      [tenantId, roomTypeId, night],
    );
    return rows[0] ? toIncident(rows[0]) : null;
  }

  async lastResolvedByAdmin(tenantId: string, roomTypeId: string, night: string): Promise<OversellIncidentRecord | null> {
    const rows = await this.sql.rows<Row>(
      `SELECT ${COLUMNS} FROM oversell_incidents
        WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3::date AND state = 'resolved' AND resolved_by_kind = 'admin'
        ORDER BY resolved_at DESC LIMIT 1`,
      [tenantId, roomTypeId, night],
    );
    return rows[0] ? toIncident(rows[0]) : null;
  }

  async resolveRestored(tenantId: string, roomTypeId: string): Promise<OversellIncidentRecord[]> {
    const rows = await this.sql.rows<Row>(
      `UPDATE oversell_incidents i SET state = 'resolved', resolved_at = now(), resolved_by_kind = 'system',
              resolution_note = 'The allotment covers what is held and sold again.'
        WHERE i.tenant_id = $1 AND i.room_type_id = $2 AND i.state = 'open'
          AND NOT EXISTS (SELECT 1 FROM inventory_nights n
                           WHERE n.tenant_id = i.tenant_id AND n.room_type_id = i.room_type_id AND n.night = i.night AND n.held + n.sold > n.allotment)
        RETURNING ${COLUMNS}`,
      [tenantId, roomTypeId],
    );
    return rows.map(toIncident);
  }

  async resolveByAdmin(tenantId: string, id: string, adminId: string, note: string): Promise<OversellIncidentRecord | null> {
    const rows = await this.sql.rows<Row>(
      `UPDATE oversell_incidents SET state = 'resolved', resolved_at = now(), resolved_by_kind = 'admin', resolved_by_id = $3, resolution_note = $4
        WHERE tenant_id = $1 AND id = $2 AND state = 'open' RETURNING ${COLUMNS}`,
      [tenantId, id, adminId, note],
    );
    return rows[0] ? toIncident(rows[0]) : null;
  }

  async findById(tenantId: string, id: string): Promise<OversellIncidentRecord | null> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM oversell_incidents WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return rows[0] ? toIncident(rows[0]) : null;
  }

  async list(
    tenantId: string,
    query: { state: OversellIncidentState | null; after: { openedAt: string; id: string } | null; limit: number },
  ): Promise<OversellIncidentRecord[]> {
    const rows = await this.sql.rows<Row>(
      `SELECT ${COLUMNS} FROM oversell_incidents
        WHERE tenant_id = $1 AND ($2::text IS NULL OR state = $2)
          AND ($3::timestamptz IS NULL OR (opened_at, id) < ($3::timestamptz, $4::uuid))
        ORDER BY opened_at DESC, id DESC
        LIMIT $5`,
      [tenantId, query.state, query.after?.openedAt ?? null, query.after?.id ?? null, query.limit],
    );
    return rows.map(toIncident);
  }

  async listToReconcile(limit: number): Promise<Array<{ tenantId: string; roomTypeId: string }>> {
    const rows = await this.sql.rows<{ tenant_id: string; room_type_id: string }>(
      `SELECT DISTINCT tenant_id, room_type_id FROM (
         SELECT n.tenant_id, n.room_type_id FROM inventory_nights n
          WHERE n.held + n.sold > n.allotment
            AND NOT EXISTS (SELECT 1 FROM oversell_incidents i WHERE i.tenant_id = n.tenant_id AND i.room_type_id = n.room_type_id AND i.night = n.night AND i.state = 'open')
            -- an admin's resolution covers the night until its overshoot grows (docs/back-office.md)
            AND COALESCE((SELECT a.held + a.sold - a.allotment FROM oversell_incidents a
                           WHERE a.tenant_id = n.tenant_id AND a.room_type_id = n.room_type_id AND a.night = n.night AND a.state = 'resolved' AND a.resolved_by_kind = 'admin'
                           ORDER BY a.resolved_at DESC LIMIT 1), 0) < n.held + n.sold - n.allotment
         UNION
         SELECT i.tenant_id, i.room_type_id FROM oversell_incidents i
           JOIN inventory_nights n ON n.tenant_id = i.tenant_id AND n.room_type_id = i.room_type_id AND n.night = i.night
          WHERE i.state = 'open' AND n.held + n.sold <= n.allotment
       ) AS due
       LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, roomTypeId: r.room_type_id }));
  }
}
