import { Injectable } from '@nestjs/common';
import { AuditEventRecord, AuditLog, NewAuditEvent, Traveler } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';

interface Row {
  seq: string;
  type: string;
  at: Date;
  actor_kind: AuditEventRecord['actor']['kind'];
  actor_id: string;
  traveler: Traveler | null;
  trace_id: string;
  data: Record<string, unknown>;
}

/** The audit timeline: rows are only ever inserted (a trigger refuses UPDATE and DELETE). */
@Injectable()
export class SqlAuditLog extends AuditLog {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async append(e: NewAuditEvent): Promise<void> {
    await this.sql.affected(
      `INSERT INTO audit_events (tenant_id, quote_id, hold_id, booking_id, type, actor_kind, actor_id, traveler, trace_id, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb)`,
      [
        e.tenantId,
        e.quoteId,
        e.holdId ?? null,
        e.bookingId ?? null,
        e.type,
        e.actor.kind,
        e.actor.id,
        e.traveler ? json({ iss: e.traveler.iss, sub: e.traveler.sub }) : null,
        e.traceId,
        json(e.data ?? {}),
      ],
    );
  }

  async listForChain(tenantId: string, quoteId: string, holdId: string): Promise<AuditEventRecord[]> {
    const rows = await this.sql.rows<Row>(
      `SELECT row_number() OVER (ORDER BY id) AS seq, type, at, actor_kind, actor_id, traveler, trace_id, data
         FROM audit_events
        WHERE tenant_id = $1 AND quote_id = $2 AND (hold_id IS NULL OR hold_id = $3)
        ORDER BY id`,
      [tenantId, quoteId, holdId],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      type: r.type,
      at: r.at.toISOString(),
      actor: { kind: r.actor_kind, id: r.actor_id },
      ...(r.traveler ? { traveler: r.traveler } : {}),
      trace_id: r.trace_id,
      data: r.data,
    }));
  }
}
