import { Injectable } from '@nestjs/common';
import { NewOutboxEvent, OutboxWriter } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);
/** The quote of a hold's event (its view names it); null for other events. */
const holdQuote = (e: NewOutboxEvent) => (e.aggregateType === 'hold' ? uuidOrNull(e.payload.quote_id) : null);

/**
 * The latest audit entry of the chain an event names (`quote_id`, `hold_id` columns): among its
 * quote's entries when the quote is known (index `audit_events_chain_idx`), else among the tenant's.
 * Exactly one branch runs: the other's constant condition is false.
 */
const chainOf = (tenant: string, booking: string, hold: string, quote: string) => `
  SELECT quote_id, hold_id FROM (
    (SELECT quote_id, hold_id FROM audit_events
      WHERE ${quote} IS NOT NULL AND tenant_id = ${tenant} AND quote_id = ${quote} AND (booking_id = ${booking} OR hold_id = ${hold})
      ORDER BY id DESC LIMIT 1)
    UNION ALL
    (SELECT quote_id, hold_id FROM audit_events
      WHERE ${quote} IS NULL AND tenant_id = ${tenant} AND (booking_id = ${booking} OR hold_id = ${hold})
      ORDER BY id DESC LIMIT 1)
  ) latest LIMIT 1`;

/**
 * Outbox rows join the caller's transaction: the event exists exactly when the change does.
 *
 * The one place an event's `sequence` is derived (docs/events.md "Payloads"): the `seq` of the
 * audit entry of the same type in the booking chain the payload names (its `booking_id` or
 * `hold_id`), i.e. the number `GET /v1/bookings/{id}/audit` shows for it; the chain's latest entry
 * when none has that type; null for events outside a booking chain. Writers pass only the view.
 *
 * The chain is found from its latest audit entry naming the booking or the hold. A hold's event
 * (a hold never changes quote) looks among its quote's entries only, on `audit_events_chain_idx`:
 * searching the tenant's whole audit trail backwards cost about 11 ms per event once a tenant had
 * 20,000 entries, which bound how fast a burst of due holds is expired (docs/performance.md "The sweep of due holds").
 */
@Injectable()
export class SqlOutboxWriter extends OutboxWriter {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async append(e: NewOutboxEvent): Promise<void> {
    await this.sql.affected(
      `WITH chain AS (
         ${chainOf('$1', '$7::uuid', '$8::uuid', '$9::uuid')}
       ), numbered AS (
         SELECT a.id, a.type, row_number() OVER (ORDER BY a.id) AS seq
           FROM audit_events a JOIN chain c ON a.quote_id = c.quote_id AND (a.hold_id IS NULL OR a.hold_id = c.hold_id)
          WHERE a.tenant_id = $1
       )
       INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, sequence)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, (SELECT seq FROM numbered ORDER BY (type = $2) DESC, id DESC LIMIT 1))`,
      [
        e.tenantId,
        e.type,
        e.aggregateType,
        e.aggregateId,
        json(e.payload),
        e.traceId,
        uuidOrNull(e.payload.booking_id),
        uuidOrNull(e.payload.hold_id),
        holdQuote(e),
      ],
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
                   JOIN (${chainOf('e.tenant_id', 'e.booking_id', 'e.hold_id', 'e.quote_id')}) c ON a.quote_id = c.quote_id AND (a.hold_id IS NULL OR a.hold_id = c.hold_id)
                  WHERE a.tenant_id = e.tenant_id) n
                ORDER BY (n.type = e.type) DESC, n.id DESC LIMIT 1)
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[], $6::text[], $7::uuid[], $8::uuid[], $9::uuid[])
              WITH ORDINALITY AS e(tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, booking_id, hold_id, quote_id, ord)
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
        events.map(holdQuote),
      ],
    );
  }
}
