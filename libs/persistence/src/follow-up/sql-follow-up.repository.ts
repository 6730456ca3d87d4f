import { Injectable } from '@nestjs/common';
import {
  AuditActor,
  FollowUpChannel,
  FollowUpKind,
  FollowUpRecord,
  FollowUpRef,
  FollowUpRepository,
  FollowUpState,
  NewFollowUp,
  RenderedMessage,
} from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';

const COLUMNS = `id, tenant_id, booking_id, kind, message, channel, state, origin, send_at, sent_at, error, attempts, rendered, created_by_kind, created_by_id, created_at`;

interface Row {
  id: string;
  tenant_id: string;
  booking_id: string;
  kind: FollowUpKind;
  message: string | null;
  channel: FollowUpChannel;
  state: FollowUpState;
  origin: FollowUpRecord['origin'];
  send_at: Date;
  sent_at: Date | null;
  error: string | null;
  attempts: number;
  rendered: RenderedMessage | null;
  created_by_kind: AuditActor['kind'];
  created_by_id: string;
  created_at: Date;
}

const toFollowUp = (r: Row): FollowUpRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  bookingId: r.booking_id,
  kind: r.kind,
  message: r.message,
  channel: r.channel,
  state: r.state,
  origin: r.origin,
  sendAt: r.send_at,
  sentAt: r.sent_at,
  error: r.error,
  attempts: Number(r.attempts),
  rendered: r.rendered,
  createdBy: { kind: r.created_by_kind, id: r.created_by_id },
  createdAt: r.created_at,
});

/** Follow-ups in SQL; every state change is one conditional UPDATE on `state = 'scheduled'`. */
@Injectable()
export class SqlFollowUpRepository extends FollowUpRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  private async one(sql: string, params: unknown[]): Promise<FollowUpRecord | null> {
    const [row] = await this.sql.rows<Row>(sql, params);
    return row ? toFollowUp(row) : null;
  }

  async createMany(items: NewFollowUp[]): Promise<FollowUpRecord[]> {
    if (items.length === 0) return [];
    const params: unknown[] = [];
    const values = items.map((i) => {
      params.push(i.tenantId, i.bookingId, i.kind, i.message, i.channel, i.origin, i.sendAt, i.createdBy.kind, i.createdBy.id);
      const n = params.length - 9;
      return `(${Array.from({ length: 9 }, (_, k) => `$${n + k + 1}`).join(', ')})`;
    });
    const rows = await this.sql.rows<Row>(
      `INSERT INTO follow_ups (tenant_id, booking_id, kind, message, channel, origin, send_at, created_by_kind, created_by_id)
       VALUES ${values.join(', ')} RETURNING ${COLUMNS}`,
      params,
    );
    return rows.map(toFollowUp);
  }

  async findById(tenantId: string, id: string): Promise<FollowUpRecord | null> {
    const [row] = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM follow_ups WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row ? toFollowUp(row) : null;
  }

  async listForBooking(tenantId: string, bookingId: string): Promise<FollowUpRecord[]> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM follow_ups WHERE tenant_id = $1 AND booking_id = $2 ORDER BY created_at, send_at, id`, [
      tenantId,
      bookingId,
    ]);
    return rows.map(toFollowUp);
  }

  claim(tenantId: string, id: string, channel: FollowUpChannel, leaseSeconds: number): Promise<FollowUpRecord | null> {
    return this.one(
      `UPDATE follow_ups SET claimed_until = now() + make_interval(secs => $4), attempts = attempts + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND channel = $3 AND state = 'scheduled' AND send_at <= now()
          AND (claimed_until IS NULL OR claimed_until < now())
        RETURNING ${COLUMNS}`,
      [tenantId, id, channel, leaseSeconds],
    );
  }

  markSent(tenantId: string, id: string, rendered: RenderedMessage): Promise<FollowUpRecord | null> {
    return this.one(
      `UPDATE follow_ups SET state = 'sent', sent_at = now(), rendered = $3::jsonb, error = NULL, claimed_until = NULL, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [tenantId, id, json(rendered)],
    );
  }

  retryLater(tenantId: string, id: string, retryAt: Date, error: string): Promise<FollowUpRecord | null> {
    return this.one(
      `UPDATE follow_ups SET send_at = $3, error = $4, claimed_until = NULL, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [tenantId, id, retryAt, error],
    );
  }

  markFailed(tenantId: string, id: string, error: string): Promise<FollowUpRecord | null> {
    return this.one(
      `UPDATE follow_ups SET state = 'failed', error = $3, claimed_until = NULL, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [tenantId, id, error],
    );
  }

  async cancelScheduled(tenantId: string, bookingId: string): Promise<FollowUpRecord[]> {
    const rows = await this.sql.rows<Row>(
      `UPDATE follow_ups SET state = 'cancelled', claimed_until = NULL, updated_at = now()
        WHERE tenant_id = $1 AND booking_id = $2 AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [tenantId, bookingId],
    );
    return rows.map(toFollowUp).sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime());
  }

  moveScheduled(tenantId: string, bookingId: string, kind: FollowUpKind, sendAt: Date): Promise<FollowUpRecord | null> {
    return this.one(
      `UPDATE follow_ups SET send_at = $4, updated_at = now()
        WHERE tenant_id = $1 AND booking_id = $2 AND kind = $3 AND origin = 'booking' AND state = 'scheduled' RETURNING ${COLUMNS}`,
      [tenantId, bookingId, kind, sendAt],
    );
  }

  async listDue(channel: FollowUpChannel, limit: number): Promise<FollowUpRef[]> {
    const rows = await this.sql.rows<{ tenant_id: string; id: string; send_at: Date }>(
      `SELECT tenant_id, id, send_at FROM follow_ups
        WHERE state = 'scheduled' AND channel = $1 AND send_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY send_at LIMIT $2`,
      [channel, limit],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, sendAt: r.send_at }));
  }

  async listComingDue(channel: FollowUpChannel, withinSeconds: number, limit: number): Promise<FollowUpRef[]> {
    const rows = await this.sql.rows<{ tenant_id: string; id: string; send_at: Date }>(
      `SELECT tenant_id, id, send_at FROM follow_ups
        WHERE state = 'scheduled' AND channel = $1 AND send_at > now() AND send_at <= now() + make_interval(secs => $2)
        ORDER BY send_at LIMIT $3`,
      [channel, withinSeconds, limit],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, sendAt: r.send_at }));
  }
}
