import { Injectable } from '@nestjs/common';
import { DomainError, ReclaimedHold, RoomNightReservations, ReservationResult } from '@hcs/domain';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database-unavailable';
import { SqlClient } from '../sql/sql-client';

/**
 * Expires the due (`held`, past TTL by the database clock) holds of the room type overlapping
 * [$3, $4). Hold rows are locked in id order and rows another transaction holds are skipped (it is
 * expiring, converting or reclaiming them), so concurrent reservations never wait on each other here.
 */
const RECLAIM_DUE_HOLDS = `
WITH due AS (
  SELECT id FROM holds
   WHERE tenant_id = $1 AND room_type_id = $2 AND state = 'held' AND expires_at <= now()
     AND check_in < $4::date AND check_out > $3::date
   ORDER BY id
   FOR UPDATE SKIP LOCKED
)
UPDATE holds h SET state = 'expired', converting_key = NULL, updated_at = now()
  FROM due
 WHERE h.tenant_id = $1 AND h.id = due.id
RETURNING h.id, h.quote_id, h.room_type_id, h.check_in::text AS check_in, h.check_out::text AS check_out, h.units, h.created_at, h.expires_at`;

interface ReclaimedRow {
  id: string;
  quote_id: string;
  room_type_id: string;
  check_in: string;
  check_out: string;
  units: number;
  created_at: Date;
  expires_at: Date;
}

const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The nights of [check_in, check_out) as YYYY-MM-DD. */
function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/**
 * Per-night counters. Each change is one conditional UPDATE per night, nights in date order (so
 * concurrent stays never deadlock), and the changed-row count is checked; the table's CHECK
 * (held + sold <= allotment) is the last line of defence.
 */
@Injectable()
export class SqlRoomNightReservations extends RoomNightReservations {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async ensureNights(tenantId: string, roomTypeId: string, nights: string[]): Promise<void> {
    await this.sql.affected(
      `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment)
       SELECT rt.tenant_id, rt.id, n.night, rt.default_inventory
         FROM room_types rt, unnest($3::date[]) AS n(night)
        WHERE rt.tenant_id = $1 AND rt.id = $2
        ORDER BY n.night
       ON CONFLICT (tenant_id, room_type_id, night) DO NOTHING`,
      [tenantId, roomTypeId, [...nights].sort()],
    );
  }

  async reserve(tenantId: string, roomTypeId: string, nights: string[], units = 1): Promise<ReservationResult> {
    try {
      return await this.reserveInOrder(tenantId, roomTypeId, [...nights].sort(), units);
    } catch (error) {
      // A lost connection is not a failed allocation (a 409 would be sealed for the key): retry later.
      if (isDatabaseUnavailable(error)) throw new DomainError('service_unavailable', { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
      throw error;
    }
  }

  private async reserveInOrder(tenantId: string, roomTypeId: string, ordered: string[], units: number): Promise<ReservationResult> {
    const reclaimed = await this.reclaimDue(tenantId, roomTypeId, ordered[0], addDays(ordered[ordered.length - 1], 1));
    // Rooms given back per night. A reclaimed hold may cover nights outside this stay: those are
    // given back too, every night in one date order (no deadlocks with other reservations).
    const givenBack = new Map<string, number>();
    for (const hold of reclaimed) {
      for (const night of nightsOf(hold.stay.check_in, hold.stay.check_out)) givenBack.set(night, (givenBack.get(night) ?? 0) + hold.units);
    }
    const wanted = new Set(ordered);
    const touched = [...new Set([...ordered, ...givenBack.keys()])].sort();
    for (const night of touched) {
      const back = givenBack.get(night) ?? 0;
      if (!wanted.has(night)) {
        await this.giveBack(tenantId, roomTypeId, night, back);
        continue;
      }
      // One conditional UPDATE per night: the rooms given back count as free in the same statement.
      const changed = await this.sql.affected(
        `UPDATE inventory_nights SET held = held - $4 + $5
          WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND held >= $4 AND allotment - (held - $4) - sold >= $5`,
        [tenantId, roomTypeId, night, back, units],
      );
      if (changed !== 1) {
        // Nights before this one were free (this transaction took them); report the full ones from here on.
        const rest = ordered.filter((n) => n >= night);
        const full = await this.sql.rows<{ night: string }>(
          `SELECT n.night::text AS night FROM unnest($3::date[]) AS n(night)
             LEFT JOIN inventory_nights inv ON inv.tenant_id = $1 AND inv.room_type_id = $2 AND inv.night = n.night
            WHERE inv.night IS NULL OR inv.allotment - inv.held - inv.sold < $4
            ORDER BY n.night`,
          [tenantId, roomTypeId, rest, units],
        );
        const dates = full.map((r) => r.night);
        return { ok: false, fullNights: dates.includes(night) ? dates : [night, ...dates] };
      }
    }
    return { ok: true, reclaimed };
  }

  private async reclaimDue(tenantId: string, roomTypeId: string, from: string, until: string): Promise<ReclaimedHold[]> {
    const rows = await this.sql.rows<ReclaimedRow>(RECLAIM_DUE_HOLDS, [tenantId, roomTypeId, from, until]);
    return rows.map((r) => ({
      id: r.id,
      quoteId: r.quote_id,
      roomTypeId: r.room_type_id,
      stay: { check_in: r.check_in, check_out: r.check_out },
      units: Number(r.units),
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  private async giveBack(tenantId: string, roomTypeId: string, night: string, rooms: number): Promise<void> {
    const changed = await this.sql.affected(
      `UPDATE inventory_nights SET held = held - $4 WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND held >= $4`,
      [tenantId, roomTypeId, night, rooms],
    );
    if (changed !== 1) throw new Error(`inventory counter out of step for room type ${roomTypeId} on ${night} (held - ${rooms})`);
  }

  releaseHeld(tenantId: string, roomTypeId: string, nights: string[], units = 1): Promise<void> {
    return this.eachNight(tenantId, roomTypeId, nights, units, 'held = held - $4', 'held >= $4');
  }

  returnSold(tenantId: string, roomTypeId: string, nights: string[], units = 1): Promise<void> {
    return this.eachNight(tenantId, roomTypeId, nights, units, 'sold = sold - $4', 'sold >= $4');
  }

  async moveSold(tenantId: string, roomTypeId: string, release: string[], take: string[], units = 1): Promise<ReservationResult> {
    const taking = new Set(take);
    for (const night of [...release, ...take].sort()) {
      if (!taking.has(night)) {
        await this.eachNight(tenantId, roomTypeId, [night], units, 'sold = sold - $4', 'sold >= $4');
        continue;
      }
      const changed = await this.sql.affected(
        `UPDATE inventory_nights SET sold = sold + $4
          WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND allotment - held - sold >= $4`,
        [tenantId, roomTypeId, night, units],
      );
      if (changed !== 1) return { ok: false, fullNights: [night] };
    }
    return { ok: true, reclaimed: [] };
  }

  /** One conditional UPDATE per night; `$4` in `set` and `guard` is `units`. */
  private async eachNight(tenantId: string, roomTypeId: string, nights: string[], units: number, set: string, guard: string): Promise<void> {
    for (const night of [...nights].sort()) {
      const changed = await this.sql.affected(`UPDATE inventory_nights SET ${set} WHERE tenant_id = $1 AND room_type_id = $2 AND night = $3 AND ${guard}`, [
        tenantId,
        roomTypeId,
        night,
        units,
      ]);
      // A counter out of step with the holds and bookings is a bug: refuse to make it worse.
      if (changed !== 1) throw new Error(`inventory counter out of step for room type ${roomTypeId} on ${night} (${set}, units ${units})`);
    }
  }
}
