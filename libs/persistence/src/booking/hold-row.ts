import { DomainError, holdLimitReached } from '@hcs/domain';
import { refusalArgument } from './statement-refusal';
import type { CreatedHold, HoldRecord, HoldState, NewHold, SealedResponse } from '@hcs/domain';
import { statement } from '../sql/statement';
import { CLIENT_REFERENCE_COLUMNS, ClientReferenceRow } from './client-reference-row';
import { QUOTE_COLUMNS, QuoteJsonRow } from './quote-row';
import { sealedIdempotencyRecord } from './sealed-idempotency-record';
import type { SqlParams } from './sql-params';

/** The columns, row type and mapper of `holds`, shared by every statement that returns a hold. */
export const HOLD_COLUMNS = `id, tenant_id, agent_id, quote_id, room_type_id, check_in::text AS check_in, check_out::text AS check_out, units, state, converting_key,
  created_at, expires_at, (expires_at <= now()) AS expired`;

export interface HoldRow {
  id: string;
  tenant_id: string;
  agent_id: string;
  quote_id: string;
  room_type_id: string;
  check_in: string;
  check_out: string;
  units: number;
  state: HoldState;
  converting_key: string | null;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

export const holdById = statement<[tenantId: string, id: string], HoldRow>(`SELECT ${HOLD_COLUMNS} FROM holds WHERE tenant_id = $1 AND id = $2`);

/** A hold with its quote and the booking's client_reference, if any (as jsonb), read together by the booking step. */
export type HoldWithQuoteRow = HoldRow & { quote: QuoteJsonRow | null; reference: ClientReferenceRow | null };

/** The client_reference rides along (docs/booking-chain.md "After a timeout"): no extra round trip. */
export const holdWithQuote = statement<[tenantId: string, id: string, agentId: string | null, clientReference: string | null], HoldWithQuoteRow>(
  `SELECT h.*, to_jsonb(q) AS quote, to_jsonb(r) AS reference
     FROM (SELECT ${HOLD_COLUMNS} FROM holds WHERE tenant_id = $1 AND id = $2) h
     LEFT JOIN LATERAL (SELECT ${QUOTE_COLUMNS} FROM quotes WHERE tenant_id = h.tenant_id AND id = h.quote_id) q ON true
     LEFT JOIN LATERAL (SELECT ${CLIENT_REFERENCE_COLUMNS} FROM booking_client_references
                         WHERE $4::text IS NOT NULL AND tenant_id = h.tenant_id AND agent_id = $3::uuid AND client_reference = $4::text) r ON true`,
);

export const toHold = (r: HoldRow): HoldRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  quoteId: r.quote_id,
  roomTypeId: r.room_type_id,
  stay: { check_in: r.check_in, check_out: r.check_out },
  units: Number(r.units ?? 1),
  state: r.state,
  convertingKey: r.converting_key,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  expired: r.expired,
});

/**
 * A condition that refuses the statement (`hcs_require`) when the agent already has `max` live
 * holds (MAX_LIVE_HOLDS_PER_AGENT, docs/booking-chain.md "Hold"), naming the earliest one's expiry
 * (epoch seconds) in the refusal: `hold_limit_reached <epoch>`. Read through `holds_agent_live_idx`.
 */
export function agentCeilingSql(tenant: string, agent: string, max: string): string {
  return `(SELECT hcs_require(count(*) < ${max}, 'hold_limit_reached ' || coalesce(extract(epoch FROM min(expires_at))::text, ''))
             FROM holds WHERE tenant_id = ${tenant} AND agent_id = ${agent} AND state = 'held' AND expires_at > now())`;
}

/** The `hold_limit_reached` refusal of a statement with `agentCeilingSql`, as the domain answers it; null for any other error. */
export function holdLimitRefusal(error: unknown, maxLiveHolds: number): DomainError | null {
  const earliest = refusalArgument(error, 'hold_limit_reached');
  if (earliest === null) return null;
  return holdLimitReached(maxLiveHolds, earliest ? new Date(Number(earliest) * 1000) : null, new Date());
}

/** Placeholders of a hold's fields a statement also uses elsewhere (its nights, its ceiling). */
export interface HoldKeys {
  tenant: string;
  agent: string;
  roomType: string;
  units: string;
}

export function holdKeys(p: SqlParams, hold: NewHold): HoldKeys {
  return {
    tenant: p.add(hold.tenantId, 'uuid'),
    agent: p.add(hold.agentId, 'uuid'),
    roomType: p.add(hold.roomTypeId, 'uuid'),
    units: p.add(hold.units, 'int'),
  };
}

/**
 * The CTE `h` and what follows it in every statement that writes a hold: the row as the use case
 * decided it (gated on `from`, a CTE of the statement, when given), refused past the agent's
 * ceiling of live holds, then `idem`, the request's sealed idempotency record written only with the
 * hold, and the final select of the hold with whether the record was sealed (`SealedHoldRow`).
 * `between` are CTEs of the statement written after `h` and before `idem` (they may read `h`).
 */
export function holdWrittenAndSealed(
  p: SqlParams,
  hold: NewHold,
  k: HoldKeys,
  { from = null, between = [], idempotency = null }: { from?: string | null; between?: string[]; idempotency?: SealedResponse | null },
): string {
  return `h AS (
        INSERT INTO holds (id, tenant_id, agent_id, quote_id, room_type_id, check_in, check_out, state, created_at, expires_at, units)
        SELECT ${p.add(hold.id, 'uuid')}, ${k.tenant}, ${k.agent}, ${p.add(hold.quoteId, 'uuid')}, ${k.roomType}, ${p.add(hold.stay.check_in, 'date')},
               ${p.add(hold.stay.check_out, 'date')}, 'held', ${p.add(hold.createdAt, 'timestamptz')}, ${p.add(hold.expiresAt, 'timestamptz')}, ${k.units}
          ${from ? `FROM ${from}` : ''}
         WHERE ${agentCeilingSql(k.tenant, k.agent, p.add(hold.maxLiveHolds, 'int'))}
        RETURNING ${HOLD_COLUMNS}),
      ${between.map((cte) => `${cte},`).join('\n      ')}
      idem AS (${idempotency ? sealedIdempotencyRecord(p, idempotency, 'h') : 'SELECT 1 WHERE false'})
      SELECT h.*, EXISTS (SELECT 1 FROM idem) AS sealed FROM h`;
}

export type SealedHoldRow = HoldRow & { sealed: boolean };

export const createdHold = (row: SealedHoldRow): CreatedHold => ({ hold: toHold(row), sealed: row.sealed });
