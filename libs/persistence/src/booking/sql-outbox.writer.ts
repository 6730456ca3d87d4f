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

  /** Several events in one statement, in the order given, each with its sequence derived as `append` does. */
  override async appendAll(events: NewOutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.sql.affected(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, sequence)
       SELECT e.tenant_id, e.type, e.aggregate_type, e.aggregate_id, e.payload, e.trace_id,
              (SELECT n.seq FROM (
                 SELECT a.id, a.type, row_number() OVER (ORDER BY a.id) AS seq
                   FROM audit_events a
                   JOIN (SELECT quote_id, hold_id FROM audit_events
                          WHERE tenant_id = e.tenant_id AND (booking_id = e.booking_id OR hold_id = e.hold_id)
                          ORDER BY id DESC LIMIT 1) c ON a.quote_id = c.quote_id AND (a.hold_id IS NULL OR a.hold_id = c.hold_id)
                  WHERE a.tenant_id = e.tenant_id) n
                ORDER BY (n.type = e.type) DESC, n.id DESC LIMIT 1)
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[], $6::text[], $7::uuid[], $8::uuid[])
              WITH ORDINALITY AS e(tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, booking_id, hold_id, ord)
        ORDER BY e.ord`,
      [
        events.map((e) => e.tenantId),
        events.map((e) => e.type),
        events.map((e) => e.aggregateType),
        events.map((e) => e.aggregateId),
        events.map((e) => json(e.payload)),
        events.map((e) => e.traceId),
        events.map((e) => uuidOrNull(e.payload.booking_id)),
        events.map((e) => uuidOrNull(e.payload.hold_id)),
      ],
    );
  }
}
