import { Injectable } from '@nestjs/common';
import { NewOutboxEvent, OutboxWriter } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);

/**
 * Outbox rows join the caller's transaction: the event exists exactly when the change does.
 *
 * The one place an event's `sequence` is derived (docs/events.md "Payloads"): the `seq` of the
 * audit entry of the same type in the booking chain the payload names (its `booking_id` or
 * `hold_id`), i.e. the number `GET /v1/bookings/{id}/audit` shows for it; the chain's latest entry
 * when none has that type; null for events outside a booking chain. Writers pass only the view.
 */
@Injectable()
export class SqlOutboxWriter extends OutboxWriter {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async append(e: NewOutboxEvent): Promise<void> {
    await this.sql.affected(
      `WITH chain AS (
         SELECT quote_id, hold_id FROM audit_events
          WHERE tenant_id = $1 AND (booking_id = $7::uuid OR hold_id = $8::uuid)
          ORDER BY id DESC LIMIT 1
       ), numbered AS (
         SELECT a.id, a.type, row_number() OVER (ORDER BY a.id) AS seq
           FROM audit_events a JOIN chain c ON a.quote_id = c.quote_id AND (a.hold_id IS NULL OR a.hold_id = c.hold_id)
          WHERE a.tenant_id = $1
       )
       INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, sequence)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, (SELECT seq FROM numbered ORDER BY (type = $2) DESC, id DESC LIMIT 1))`,
      [e.tenantId, e.type, e.aggregateType, e.aggregateId, json(e.payload), e.traceId, uuidOrNull(e.payload.booking_id), uuidOrNull(e.payload.hold_id)],
    );
  }
}
