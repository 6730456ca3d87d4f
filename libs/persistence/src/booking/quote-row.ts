import type { QuoteRecord } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The columns, row type and mappers of `quotes`, shared by every statement that returns a quote. */
export const QUOTE_COLUMNS = `id, tenant_id, agent_id, property_id, room_type_id, rate_plan_id, check_in::text AS check_in, check_out::text AS check_out,
  guests, price_breakdown, policy_snapshot, created_at, expires_at, (expires_at <= now()) AS expired`;

export interface QuoteRow {
  id: string;
  tenant_id: string;
  agent_id: string;
  property_id: string;
  room_type_id: string;
  rate_plan_id: string;
  check_in: string;
  check_out: string;
  guests: QuoteRecord['guests'];
  price_breakdown: QuoteRecord['priceBreakdown'];
  policy_snapshot: QuoteRecord['policySnapshot'];
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

export const quoteById = statement<[tenantId: string, id: string], QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM quotes WHERE tenant_id = $1 AND id = $2`);

export const toQuote = (r: QuoteRow): QuoteRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  propertyId: r.property_id,
  roomTypeId: r.room_type_id,
  ratePlanId: r.rate_plan_id,
  stay: { check_in: r.check_in, check_out: r.check_out },
  guests: r.guests,
  priceBreakdown: r.price_breakdown,
  policySnapshot: r.policy_snapshot,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  expired: r.expired,
});

/** A quote row read as jsonb (e.g. joined to its hold): timestamps arrive as strings. */
export type QuoteJsonRow = Omit<QuoteRow, 'created_at' | 'expires_at'> & { created_at: string; expires_at: string };

export const quoteFromJson = (r: QuoteJsonRow): QuoteRecord => toQuote({ ...r, created_at: new Date(r.created_at), expires_at: new Date(r.expires_at) });
