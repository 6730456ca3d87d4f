import { Injectable } from '@nestjs/common';
import { NewQuote, QuoteRecord, QuoteRepository } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';
import { json } from './sql';

const COLUMNS = `id, tenant_id, agent_id, property_id, room_type_id, rate_plan_id, check_in::text AS check_in, check_out::text AS check_out,
  guests, price_breakdown, policy_snapshot, created_at, expires_at, (expires_at <= now()) AS expired`;

interface Row {
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

const toQuote = (r: Row): QuoteRecord => ({
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

@Injectable()
export class TypeOrmQuoteRepository extends QuoteRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return (this.tx as Tx).tx;
  }

  async create(q: NewQuote): Promise<QuoteRecord> {
    const rows = (await this.m.query(
      `INSERT INTO quotes (tenant_id, agent_id, property_id, room_type_id, rate_plan_id, check_in, check_out, guests, currency, total_amount, price_breakdown, policy_snapshot, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11::jsonb, $12::jsonb, now() + make_interval(secs => $13))
       RETURNING ${COLUMNS}`,
      [
        q.tenantId,
        q.agentId,
        q.propertyId,
        q.roomTypeId,
        q.ratePlanId,
        q.stay.check_in,
        q.stay.check_out,
        json(q.guests),
        q.priceBreakdown.currency,
        q.priceBreakdown.total.amount,
        json(q.priceBreakdown),
        json(q.policySnapshot),
        q.ttlSeconds,
      ],
    )) as Row[];
    return toQuote(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<QuoteRecord | null> {
    const rows = (await this.m.query(`SELECT ${COLUMNS} FROM quotes WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) as Row[];
    return rows[0] ? toQuote(rows[0]) : null;
  }
}
