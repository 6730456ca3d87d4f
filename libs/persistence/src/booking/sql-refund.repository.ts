import { Injectable } from '@nestjs/common';
import type { Receipt } from '@hcs/contracts';
import { NewRefund, RefundRecord, RefundRepository } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { int, json } from '../sql/sql-values';

const COLUMNS = `id, tenant_id, booking_id, payment_id, amount, currency, state, reason, receipt, created_at`;

interface Row {
  id: string;
  tenant_id: string;
  booking_id: string;
  payment_id: string;
  amount: string;
  currency: string;
  state: 'succeeded';
  reason: string | null;
  receipt: Receipt;
  created_at: Date;
}

const toRefund = (r: Row): RefundRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  bookingId: r.booking_id,
  paymentId: r.payment_id,
  amount: { amount: int(r.amount), currency: r.currency },
  state: r.state,
  reason: r.reason,
  receipt: r.receipt,
  createdAt: r.created_at,
});

@Injectable()
export class SqlRefundRepository extends RefundRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(r: NewRefund): Promise<RefundRecord> {
    const rows = await this.sql.rows<Row>(
      `INSERT INTO refunds (id, tenant_id, booking_id, payment_id, amount, currency, state, reason, receipt)
       VALUES ($1, $2, $3, $4, $5, $6, 'succeeded', $7, $8::jsonb) RETURNING ${COLUMNS}`,
      [r.id, r.tenantId, r.bookingId, r.paymentId, r.amount.amount, r.amount.currency, r.reason, json(r.receipt)],
    );
    return toRefund(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<RefundRecord | null> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM refunds WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return rows[0] ? toRefund(rows[0]) : null;
  }
}
