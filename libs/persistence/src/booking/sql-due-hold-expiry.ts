import { Injectable } from '@nestjs/common';
import { DueHoldExpiry, DueHoldRef, ExpiredHold } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { HOLD_COLUMNS, HoldRow, toHold } from './hold-row';
import { QUOTE_COLUMNS, QuoteJsonRow, quoteFromJson } from './quote-row';

type ExpiredHoldRow = HoldRow & { quote: QuoteJsonRow | null; nights: number; released: number };

/**
 * The rest of an expiry statement once its CTE `due` (`due_tenant`, `due_id`) has chosen and locked
 * the holds: they are expired and their rooms given back. The night counters are locked in
 * (tenant, room type, night) order, the order every reservation takes them in, then each night is
 * decremented once by the rooms (`units`) of the expired holds covering it.
 */
const expireChosen = `, expired AS (
     UPDATE holds SET state = 'expired', converting_key = NULL, updated_at = now()
       FROM due WHERE holds.tenant_id = due.due_tenant AND holds.id = due.due_id
     RETURNING ${HOLD_COLUMNS}
   ), nights AS (
     SELECT e.tenant_id, e.room_type_id, d::date AS night, sum(e.units)::int AS rooms
       FROM expired e, generate_series(e.check_in::date::timestamp, (e.check_out::date - 1)::timestamp, interval '1 day') AS d
      GROUP BY 1, 2, 3
   ), locked AS (
     SELECT n.tenant_id, n.room_type_id, n.night, c.rooms
       FROM inventory_nights n JOIN nights c ON c.tenant_id = n.tenant_id AND c.room_type_id = n.room_type_id AND c.night = n.night
      ORDER BY n.tenant_id, n.room_type_id, n.night
        FOR UPDATE OF n
   ), released AS (
     UPDATE inventory_nights n SET held = n.held - l.rooms
       FROM locked l
      WHERE n.tenant_id = l.tenant_id AND n.room_type_id = l.room_type_id AND n.night = l.night AND n.held >= l.rooms
     RETURNING 1
   )
   SELECT e.*, to_jsonb(q) AS quote, (SELECT count(*) FROM nights)::int AS nights, (SELECT count(*) FROM released)::int AS released
     FROM expired e
     LEFT JOIN LATERAL (SELECT ${QUOTE_COLUMNS} FROM quotes WHERE tenant_id = e.tenant_id AND id = e.quote_id) q ON true`;

/** The listed holds that are due; holds locked by another transaction are skipped (SKIP LOCKED). */
const expireListedHolds = statement<[tenantIds: string[], holdIds: string[]], ExpiredHoldRow>(
  `WITH due AS (
     SELECT h.tenant_id AS due_tenant, h.id AS due_id FROM holds h
       JOIN unnest($1::uuid[], $2::uuid[]) AS l(tenant_id, id) ON h.tenant_id = l.tenant_id AND h.id = l.id
      WHERE h.state = 'held' AND h.expires_at <= now()
      ORDER BY h.id
        FOR UPDATE OF h SKIP LOCKED
   )${expireChosen}`,
);

/** The listed holds that are no longer `held`, or no longer exist: nothing is left to expire. */
const settledHolds = statement<[tenantIds: string[], holdIds: string[]], { id: string }>(
  `SELECT l.id FROM unnest($1::uuid[], $2::uuid[]) AS l(tenant_id, id)
     LEFT JOIN holds h ON h.tenant_id = l.tenant_id AND h.id = l.id
    WHERE h.id IS NULL OR h.state <> 'held'`,
);

@Injectable()
export class SqlDueHoldExpiry extends DueHoldExpiry {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async expire(holds: DueHoldRef[]): Promise<ExpiredHold[]> {
    if (holds.length === 0) return [];
    const rows = await this.sql.run(expireListedHolds, [holds.map((h) => h.tenantId), holds.map((h) => h.holdId)]);
    return this.expired(rows);
  }

  async settled(holds: DueHoldRef[]): Promise<string[]> {
    if (holds.length === 0) return [];
    const rows = await this.sql.run(settledHolds, [holds.map((h) => h.tenantId), holds.map((h) => h.holdId)]);
    return rows.map((r) => r.id);
  }

  private expired(rows: ExpiredHoldRow[]): ExpiredHold[] {
    if (rows.length === 0) return [];
    // Every night of every expired hold must have given its rooms back (as releaseHeld checks).
    if (rows[0].released !== rows[0].nights) throw new Error(`inventory counters out of step: ${rows[0].released} of ${rows[0].nights} nights released`);
    return rows.map((r) => {
      if (!r.quote) throw new Error(`hold ${r.id} names quote ${r.quote_id}, which does not exist`);
      return { hold: toHold(r), quote: quoteFromJson(r.quote) };
    });
  }
}
