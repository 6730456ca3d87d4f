import type { NightAvailability, QuoteForHold, QuoteRecord } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The columns, row type and mappers of `quotes`, shared by every statement that returns a quote. */
export const QUOTE_COLUMNS = `id, tenant_id, agent_id, property_id, room_type_id, rate_plan_id, check_in::text AS check_in, check_out::text AS check_out,
  guests, rooms, price_breakdown, policy_snapshot, created_at, expires_at, (expires_at <= now()) AS expired`;

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
  rooms: QuoteRecord['rooms'];
  price_breakdown: QuoteRecord['priceBreakdown'];
  policy_snapshot: QuoteRecord['policySnapshot'];
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

export const quoteById = statement<[tenantId: string, id: string], QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM quotes WHERE tenant_id = $1 AND id = $2`);

export interface QuoteForHoldRow extends QuoteRow {
  full_by_counters: NightAvailability[];
}

/**
 * The quote and, over its stay, the nights whose counters have fewer free rooms than the quote
 * takes (`allotment - held - sold`, or the room type's default inventory for a night without a
 * row, below its room count), each with the rooms of the `held` holds of the room type past their
 * TTL that cover it: the rooms the slow path's reclaim
 * would give back (docs/booking-chain.md "Hold"). One snapshot, one statement: a primary-key
 * lookup per night (the room type only for a night without a row), and the due holds are only
 * counted on full nights, so a stay with rooms left reads no hold. A plain read, so the
 * Idempotency-Key claim may ride in it (`readClaimingKey`).
 */
export const quoteForHold = statement<[tenantId: string, id: string], QuoteForHoldRow>(`
  SELECT ${QUOTE_COLUMNS},
    COALESCE((
      SELECT jsonb_agg(jsonb_build_object('night', n.night::text, 'free', n.free, 'reclaimable', (
               SELECT COALESCE(sum(h.units), 0) FROM holds h
                WHERE h.tenant_id = quotes.tenant_id AND h.room_type_id = quotes.room_type_id AND h.state = 'held' AND h.expires_at <= now()
                  AND h.check_in <= n.night AND h.check_out > n.night)) ORDER BY n.night)
        FROM (SELECT quotes.check_in + i AS night,
                     COALESCE((SELECT inv.allotment - inv.held - inv.sold FROM inventory_nights inv
                                WHERE inv.tenant_id = quotes.tenant_id AND inv.room_type_id = quotes.room_type_id AND inv.night = quotes.check_in + i),
                              (SELECT rt.default_inventory FROM room_types rt WHERE rt.tenant_id = quotes.tenant_id AND rt.id = quotes.room_type_id)) AS free
                FROM generate_series(0, quotes.check_out - quotes.check_in - 1) AS i) n
       WHERE n.free < COALESCE(jsonb_array_length(quotes.rooms), 1)), '[]'::jsonb) AS full_by_counters
    FROM quotes WHERE tenant_id = $1 AND id = $2`);

export const toQuote = (r: QuoteRow): QuoteRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  propertyId: r.property_id,
  roomTypeId: r.room_type_id,
  ratePlanId: r.rate_plan_id,
  stay: { check_in: r.check_in, check_out: r.check_out },
  guests: r.guests,
  rooms: r.rooms ?? null,
  priceBreakdown: r.price_breakdown,
  policySnapshot: r.policy_snapshot,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  expired: r.expired,
});

/** A quote row read as jsonb (e.g. joined to its hold): timestamps arrive as strings. */
export type QuoteJsonRow = Omit<QuoteRow, 'created_at' | 'expires_at'> & { created_at: string; expires_at: string };

export const quoteFromJson = (r: QuoteJsonRow): QuoteRecord => toQuote({ ...r, created_at: new Date(r.created_at), expires_at: new Date(r.expires_at) });

export const toQuoteForHold = (r: QuoteForHoldRow): QuoteForHold => ({
  quote: toQuote(r),
  fullByCounters: r.full_by_counters.map((n) => ({ night: n.night, free: Number(n.free), reclaimable: Number(n.reclaimable) })),
});
