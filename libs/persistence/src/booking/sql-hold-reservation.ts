import { Injectable } from '@nestjs/common';
import { DomainError, HoldReservation, HoldReservationRequest, HoldReservationResult } from '@hcs/domain';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database-unavailable';
import { SqlClient } from '../sql/sql-client';
import { auditRowsInsert, isoTimestamp } from './sql-audit-rows';
import { createdHold, holdKeys, holdLimitRefusal, holdWrittenAndSealed, SealedHoldRow } from './hold-row';
import { SqlParams } from './sql-params';
import { refusedBy } from './statement-refusal';

/**
 * A hold in one statement: an upsert takes the hold's `units` rooms on every night (a missing
 * night row starts at the room type's default inventory; an existing one is incremented only while
 * `allotment - held - sold >= units`, re-checked on the newest row version under concurrency), then
 * `hcs_require` refuses the whole statement unless every night was taken, and the hold row, its
 * audit entry and the request's sealed idempotency record are written by the same statement, unless the agent already has its ceiling of
 * live holds (`hold_limit_reached`, the whole statement refused). Nights are upserted in date order, so
 * concurrent stays never deadlock. The nights are a VALUES list (one text per stay length), not an
 * array: Postgres's generic plan then knows how many rows it inserts, settles on it after five
 * runs and stops planning the statement on every hold (docs/performance.md, "Plans").
 */
@Injectable()
export class SqlHoldReservation extends HoldReservation {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async reserve(request: HoldReservationRequest): Promise<HoldReservationResult> {
    const { hold, audit } = request;
    const nights = [...request.nights].sort();
    const p = new SqlParams();
    const k = holdKeys(p, hold);
    const sql = `
      WITH rt AS (SELECT tenant_id, id, default_inventory FROM room_types WHERE tenant_id = ${k.tenant} AND id = ${k.roomType}),
      taken AS (
        INSERT INTO inventory_nights AS inv (tenant_id, room_type_id, night, allotment, held)
        SELECT rt.tenant_id, rt.id, n.night, rt.default_inventory, ${k.units}
          FROM rt, (VALUES ${nights.map((night) => `(${p.add(night, 'date')})`).join(', ')}) AS n(night)
         WHERE rt.default_inventory >= ${k.units}
            OR EXISTS (SELECT 1 FROM inventory_nights x WHERE x.tenant_id = rt.tenant_id AND x.room_type_id = rt.id AND x.night = n.night)
         ORDER BY n.night
        ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET held = inv.held + ${k.units}
         WHERE inv.allotment - inv.held - inv.sold >= ${k.units}
        RETURNING inv.night),
      complete AS (SELECT hcs_require((SELECT count(*) FROM taken) = ${p.add(nights.length, 'int')}, 'allotment_exhausted') AS ok),
      ${holdWrittenAndSealed(p, hold, k, {
        from: 'complete',
        between: [
          `a AS (${auditRowsInsert(p, [audit], { tenant: 'h.tenant_id', quote: 'h.quote_id', hold: 'h.id', booking: 'NULL::uuid' }, 'h', `jsonb_build_object('expires_at', ${isoTimestamp('h.expires_at')})`)})`,
        ],
        idempotency: request.idempotency,
      })}`;
    try {
      const rows = await this.sql.rows<SealedHoldRow>(sql, p.values);
      return { ok: true, ...createdHold(rows[0]) };
    } catch (error) {
      // A full night: the caller's slow path reclaims expired holds and names the full nights.
      if (refusedBy(error, 'allotment_exhausted')) return { ok: false };
      const limit = holdLimitRefusal(error, hold.maxLiveHolds);
      if (limit) throw limit;
      // A lost connection is not a failed allocation (a 409 would be sealed for the key): retry later.
      if (isDatabaseUnavailable(error)) throw new DomainError('service_unavailable', { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
      throw error;
    }
  }
}
