import { Injectable } from '@nestjs/common';
import { RoomNightReservations, ReservationResult } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';
import { affected } from './sql';

/**
 * Per-night counters. Each change is one conditional UPDATE per night, nights in date order (so
 * concurrent stays never deadlock), and the changed-row count is checked; the table's CHECK
 * (held + sold <= allotment) is the last line of defence.
 */
@Injectable()
export class SqlRoomNightReservations extends RoomNightReservations {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return (this.tx as Tx).tx;
  }

  async ensureNights(tenantId: string, roomTypeId: string, nights: string[]): Promise<void> {
    await this.m.query(
      `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment)
       SELECT rt.tenant_id, rt.id, n.night, rt.default_inventory
         FROM room_types rt, unnest($3::date[]) AS n(night)
        WHERE rt.tenant_id = $1 AND rt.id = $2
        ORDER BY n.night
       ON CONFLICT (room_type_id, night) DO NOTHING`,
      [tenantId, roomTypeId, [...nights].sort()],
    );
  }

  async reserve(tenantId: string, roomTypeId: string, nights: string[]): Promise<ReservationResult> {
    const ordered = [...nights].sort();
    for (let i = 0; i < ordered.length; i++) {
      const changed = await affected(
        this.m,
        `UPDATE inventory_nights SET held = held + 1
          WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND allotment - held - sold >= 1`,
        [tenantId, roomTypeId, ordered[i]],
      );
      if (changed !== 1) {
        // Nights before i were free (this transaction took them); report the full ones from i on.
        const rest = ordered.slice(i);
        const full = (await this.m.query(
          `SELECT n.night::text AS night FROM unnest($3::date[]) AS n(night)
             LEFT JOIN inventory_nights inv ON inv.tenant_id = $1 AND inv.room_type_id = $2 AND inv.night = n.night
            WHERE inv.night IS NULL OR inv.allotment - inv.held - inv.sold < 1
            ORDER BY n.night`,
          [tenantId, roomTypeId, rest],
        )) as Array<{ night: string }>;
        const dates = full.map((r) => r.night);
        return { ok: false, fullNights: dates.includes(ordered[i]) ? dates : [ordered[i], ...dates] };
      }
    }
    return { ok: true };
  }

  releaseHeld(tenantId: string, roomTypeId: string, nights: string[]): Promise<void> {
    return this.eachNight(tenantId, roomTypeId, nights, 'held = held - 1', 'held >= 1');
  }

  sellHeld(tenantId: string, roomTypeId: string, nights: string[]): Promise<void> {
    return this.eachNight(tenantId, roomTypeId, nights, 'held = held - 1, sold = sold + 1', 'held >= 1');
  }

  returnSold(tenantId: string, roomTypeId: string, nights: string[]): Promise<void> {
    return this.eachNight(tenantId, roomTypeId, nights, 'sold = sold - 1', 'sold >= 1');
  }

  async moveSold(tenantId: string, roomTypeId: string, release: string[], take: string[]): Promise<ReservationResult> {
    const taking = new Set(take);
    for (const night of [...release, ...take].sort()) {
      if (!taking.has(night)) {
        await this.eachNight(tenantId, roomTypeId, [night], 'sold = sold - 1', 'sold >= 1');
        continue;
      }
      const changed = await affected(
        this.m,
        `UPDATE inventory_nights SET sold = sold + 1
          WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND allotment - held - sold >= 1`,
        [tenantId, roomTypeId, night],
      );
      if (changed !== 1) return { ok: false, fullNights: [night] };
    }
    return { ok: true };
  }

  private async eachNight(tenantId: string, roomTypeId: string, nights: string[], set: string, guard: string): Promise<void> {
    for (const night of [...nights].sort()) {
      const changed = await affected(this.m, `UPDATE inventory_nights SET ${set} WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND ${guard}`, [
        tenantId,
        roomTypeId,
        night,
      ]);
      // A counter out of step with the holds and bookings is a bug: refuse to make it worse.
      if (changed !== 1) throw new Error(`inventory counter out of step for room type ${roomTypeId} on ${night} (${set})`);
    }
  }
}
