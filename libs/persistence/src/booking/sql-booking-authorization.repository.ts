import { Injectable } from '@nestjs/common';
import { BookingAuthorizationRecord, BookingAuthorizationRepository, NewBookingAuthorization } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { int } from '../sql/sql-values';

const COLUMNS = `id, tenant_id, agent_id, max_amount, currency, traveler_sub, traveler_iss, expires_at, created_by, created_at, claimed_by_hold_id, used_at, booking_id,
  (expires_at <= now()) AS expired`;

interface Row {
  id: string;
  tenant_id: string;
  agent_id: string;
  max_amount: string;
  currency: string;
  traveler_sub: string | null;
  traveler_iss: string | null;
  expires_at: Date;
  created_by: string;
  created_at: Date;
  claimed_by_hold_id: string | null;
  used_at: Date | null;
  booking_id: string | null;
  expired: boolean;
}

const toAuthorization = (r: Row): BookingAuthorizationRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  maxAmount: { amount: int(r.max_amount), currency: r.currency },
  travelerSub: r.traveler_sub,
  travelerIss: r.traveler_iss,
  expiresAt: r.expires_at,
  createdBy: r.created_by,
  createdAt: r.created_at,
  claimedByHoldId: r.claimed_by_hold_id,
  usedAt: r.used_at,
  bookingId: r.booking_id,
  expired: r.expired,
});

@Injectable()
export class SqlBookingAuthorizationRepository extends BookingAuthorizationRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(a: NewBookingAuthorization): Promise<BookingAuthorizationRecord> {
    const rows = await this.sql.rows<Row>(
      `INSERT INTO booking_authorizations (tenant_id, agent_id, max_amount, currency, traveler_sub, traveler_iss, expires_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [a.tenantId, a.agentId, a.maxAmount.amount, a.maxAmount.currency, a.travelerSub, a.travelerIss, a.expiresAt, a.createdBy],
    );
    return toAuthorization(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<BookingAuthorizationRecord | null> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM booking_authorizations WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return rows[0] ? toAuthorization(rows[0]) : null;
  }

  async claim(tenantId: string, id: string, holdId: string): Promise<boolean> {
    const rows = await this.sql.rows<{ id: string }>(
      `UPDATE booking_authorizations SET claimed_by_hold_id = $3
        WHERE tenant_id = $1 AND id = $2 AND used_at IS NULL AND expires_at > now() AND (claimed_by_hold_id IS NULL OR claimed_by_hold_id = $3)
        RETURNING id`,
      [tenantId, id, holdId],
    );
    return rows.length === 1;
  }

  async unclaim(tenantId: string, holdId: string): Promise<void> {
    await this.sql.affected(
      `UPDATE booking_authorizations SET claimed_by_hold_id = NULL WHERE tenant_id = $1 AND claimed_by_hold_id = $2 AND used_at IS NULL`,
      [tenantId, holdId],
    );
  }

  async markUsed(tenantId: string, holdId: string, bookingId: string): Promise<string | null> {
    const rows = await this.sql.rows<{ id: string }>(
      `UPDATE booking_authorizations SET used_at = now(), booking_id = $3 WHERE tenant_id = $1 AND claimed_by_hold_id = $2 AND used_at IS NULL RETURNING id`,
      [tenantId, holdId, bookingId],
    );
    return rows[0]?.id ?? null;
  }
}
