import type { ChainAuditEntry } from '@hcs/domain';
import { json } from '../sql/sql-values';
import { SqlParams } from './sql-params';

/** SQL expressions naming the chain rows an entry belongs to (e.g. `h.id`, or `NULL`). */
export interface AuditIds {
  tenant: string;
  quote: string;
  hold: string;
  booking: string;
}

/**
 * `INSERT INTO audit_events … SELECT … FROM <from>` for several entries, in order, as one CTE body:
 * the rows exist only when `from` yields a row (the change they record happened). `extraData` is a
 * jsonb expression merged into every entry's data (values only the statement knows, e.g. expiry).
 */
export function auditRowsInsert(p: SqlParams, entries: ChainAuditEntry[], ids: AuditIds, from: string, extraData?: string): string {
  const rows = entries.map(
    (e, i) =>
      `(${i}, ${p.add(e.type, 'text')}, ${p.add(e.actor.kind, 'text')}, ${p.add(e.actor.id, 'text')}, ${p.add(
        e.traveler ? json({ iss: e.traveler.iss, sub: e.traveler.sub }) : null,
        'jsonb',
      )}, ${p.add(e.traceId, 'text')}, ${p.add(json(e.data ?? {}), 'jsonb')})`,
  );
  const data = extraData ? `v.data || ${extraData}` : 'v.data';
  return `INSERT INTO audit_events (tenant_id, quote_id, hold_id, booking_id, type, actor_kind, actor_id, traveler, trace_id, data)
    SELECT ${ids.tenant}, ${ids.quote}, ${ids.hold}, ${ids.booking}, v.type, v.actor_kind, v.actor_id, v.traveler, v.trace_id, ${data}
      FROM ${from}, (VALUES ${rows.join(', ')}) AS v(ord, type, actor_kind, actor_id, traveler, trace_id, data)
     ORDER BY v.ord`;
}

/** An RFC 3339 UTC rendering of a timestamptz column, as JavaScript's `toISOString()` writes it. */
export const isoTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
