import { DomainError, holdLimitReached } from '@hcs/domain';
import { refusalArgument } from './statement-refusal';
import type { HoldRecord, HoldState } from '@hcs/domain';
import { statement } from '../sql/statement';
import { CLIENT_REFERENCE_COLUMNS, ClientReferenceRow } from './client-reference-row';
import { QUOTE_COLUMNS, QuoteJsonRow } from './quote-row';

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
