import { Injectable } from '@nestjs/common';
import { ChainAuditEntry, IdempotentRequest, NewQuote, QuoteForHold, QuoteRecord, QuoteRepository } from '@hcs/domain';
import { auditRowsInsert, isoTimestamp } from './sql-audit-rows';
import { SqlClient } from '../sql/sql-client';
import { readClaimingKey } from '../idempotency/claiming-read';
import { json } from '../sql/sql-values';
import { SqlParams } from './sql-params';
import { QUOTE_COLUMNS as COLUMNS, QuoteRow, quoteById, quoteForHold, toQuote, toQuoteForHold } from './quote-row';

@Injectable()
export class SqlQuoteRepository extends QuoteRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  /** The quote and its `quote.created` audit entry in one statement (`data.expires_at` from the row). */
  async create(q: NewQuote, audit: ChainAuditEntry): Promise<QuoteRecord> {
    const p = new SqlParams();
    const insertQuote = `INSERT INTO quotes (tenant_id, agent_id, property_id, room_type_id, rate_plan_id, check_in, check_out, guests, rooms, currency, total_amount,
                                             price_breakdown, policy_snapshot, expires_at)
      VALUES (${p.add(q.tenantId)}, ${p.add(q.agentId)}, ${p.add(q.propertyId)}, ${p.add(q.roomTypeId)}, ${p.add(q.ratePlanId)}, ${p.add(q.stay.check_in)},
              ${p.add(q.stay.check_out)}, ${p.add(json(q.guests), 'jsonb')}, ${p.add(q.rooms ? json(q.rooms) : null, 'jsonb')}, ${p.add(q.priceBreakdown.currency)}, ${p.add(q.priceBreakdown.total.amount)},
              ${p.add(json(q.priceBreakdown), 'jsonb')}, ${p.add(json(q.policySnapshot), 'jsonb')}, now() + make_interval(secs => ${p.add(q.ttlSeconds)}))
      RETURNING ${COLUMNS}`;
    const insertAudit = auditRowsInsert(
      p,
      [audit],
      { tenant: 'q.tenant_id', quote: 'q.id', hold: 'NULL::uuid', booking: 'NULL::uuid' },
      'q',
      `jsonb_build_object('expires_at', ${isoTimestamp('q.expires_at')})`,
    );
    const rows = await this.sql.rows<QuoteRow>(`WITH q AS (${insertQuote}), a AS (${insertAudit}) SELECT * FROM q`, p.values);
    return toQuote(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<QuoteRecord | null> {
    const rows = await this.sql.run(quoteById, [tenantId, id]);
    return rows[0] ? toQuote(rows[0]) : null;
  }

  async findForHold(tenantId: string, id: string, idempotency: IdempotentRequest | null = null): Promise<QuoteForHold | null> {
    const rows = await readClaimingKey(this.sql, quoteForHold, [tenantId, id], idempotency);
    return rows[0] ? toQuoteForHold(rows[0]) : null;
  }
}
