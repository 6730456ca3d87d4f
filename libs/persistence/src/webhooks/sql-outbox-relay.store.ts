import { Injectable } from '@nestjs/common';
import { CHANNEL_EVENT_TYPES, DeliveryJobRef, OutboxEventRecord, OutboxRelayStore } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';

const RELAY_HANDOVER_SECONDS = 15;

/** An outbox row as the relay reads it. */
interface OutboxEventRow {
  id: string;
  tenant_id: string;
  type: string;
  payload: Record<string, unknown>;
  sequence: string | null;
  created_at: Date;
}

/** One row of the claim: an event (`event`, `relayed`) or a delivery to enqueue (`delivery:<tenant>:<chain>`). */
interface ClaimRow {
  kind: string;
  id: string;
}

/** The outbox as the relay sees it: each statement commits on its own (docs/events.md, "Relay"). */
@Injectable()
export class SqlOutboxRelayStore extends OutboxRelayStore {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  /**
   * The same statement creates one pending channel delivery per (booking event, channel connection
   * of the booking's property) (docs/channels-out.md); a channel delivery whose enqueue failed is
   * found by the stranded sweep, not by a later claim.
   *
   * The claim's row locks end with its statement, so another worker's relay may claim the same
   * events before this one enqueued their jobs and marked them relayed. Deliveries younger than
   * this belong to that relay in progress: a second relay neither enqueues them again nor marks
   * their events; older ones lost their relay (it died or its enqueue failed) and are enqueued again.
   */
  async claimBatch(limit: number): Promise<{ eventIds: string[]; refs: DeliveryJobRef[]; relayedIds: string[] }> {
    // Data-modifying CTEs see the snapshot of the statement: `earlier` finds the deliveries an
    // earlier relay of these events created (its enqueue failed), `created` the new ones.
    const rows = await this.sql.rows<ClaimRow>(
      `WITH claimed AS (
         SELECT id, tenant_id, type, payload FROM outbox_events WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED
       ), channel_created AS (
         INSERT INTO channel_deliveries (tenant_id, connection_id, event_id, event_type, booking_id, next_attempt_at)
         SELECT c.tenant_id, k.id, c.id, c.type, (c.payload->>'booking_id')::uuid, clock_timestamp()
           FROM claimed c
           JOIN channel_connections k ON k.tenant_id = c.tenant_id AND k.property_id::text = c.payload->>'property_id'
          WHERE c.type = ANY($3::text[])
         ON CONFLICT (tenant_id, connection_id, event_id) DO NOTHING
         RETURNING tenant_id, id, chain
       ), created AS (
         INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, next_attempt_at)
         SELECT c.tenant_id, e.id, c.id, c.type, clock_timestamp()
           FROM claimed c
           JOIN webhook_endpoints e ON e.tenant_id = c.tenant_id AND e.status = 'enabled' AND c.type = ANY(e.events)
         ON CONFLICT (tenant_id, endpoint_id, event_id) DO NOTHING
         RETURNING tenant_id, id, chain
       ), earlier AS (
         SELECT d.tenant_id, d.id, d.chain, d.event_id FROM webhook_deliveries d JOIN claimed c ON d.event_id = c.id
          WHERE d.state = 'pending' AND d.attempt = 0 AND d.created_at < clock_timestamp() - make_interval(secs => $2)
       ), busy AS (
         SELECT DISTINCT d.event_id FROM webhook_deliveries d JOIN claimed c ON d.event_id = c.id
          WHERE d.state = 'pending' AND d.attempt = 0 AND d.created_at >= clock_timestamp() - make_interval(secs => $2)
       ), settled AS (
         UPDATE outbox_events o SET relayed_at = clock_timestamp()
           FROM claimed c
          WHERE o.tenant_id = c.tenant_id AND o.id = c.id
            AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.tenant_id = c.tenant_id AND e.status = 'enabled' AND c.type = ANY(e.events))
            AND NOT EXISTS (SELECT 1 FROM earlier WHERE earlier.event_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM busy WHERE busy.event_id = c.id)
         RETURNING o.id
       )
       SELECT 'event' AS kind, id FROM claimed WHERE id NOT IN (SELECT id FROM settled) AND id NOT IN (SELECT event_id FROM busy)
       UNION ALL SELECT 'relayed', id FROM settled
       UNION ALL SELECT 'delivery:' || tenant_id || ':' || chain, id FROM created
       UNION ALL SELECT 'delivery:' || tenant_id || ':' || chain, id FROM earlier
       UNION ALL SELECT 'channel:' || tenant_id || ':' || chain, id FROM channel_created`,
      [limit, RELAY_HANDOVER_SECONDS, [...CHANNEL_EVENT_TYPES]],
    );
    const eventIds: string[] = [];
    const relayedIds: string[] = [];
    const refs: DeliveryJobRef[] = [];
    for (const r of rows) {
      if (r.kind === 'event' || r.kind === 'relayed') eventIds.push(r.id);
      if (r.kind === 'relayed') relayedIds.push(r.id);
      else if (r.kind !== 'event') {
        const [target, tenantId, chain] = r.kind.split(':');
        refs.push({ tenantId, deliveryId: r.id, chain: Number(chain), attempt: 1, ...(target === 'channel' ? { target: 'channel' as const } : {}) });
      }
    }
    return { eventIds, refs, relayedIds };
  }

  async markRelayed(eventIds: string[]): Promise<void> {
    await this.sql.affected(`UPDATE outbox_events SET relayed_at = clock_timestamp() WHERE id = ANY($1::uuid[])`, [eventIds]);
  }

  async findEvent(tenantId: string, id: string): Promise<OutboxEventRecord | null> {
    const rows = await this.sql.rows<OutboxEventRow>(
      `SELECT id, tenant_id, type, payload, sequence, created_at FROM outbox_events WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    const r = rows[0];
    return r
      ? {
          id: r.id,
          tenantId: r.tenant_id,
          type: r.type,
          payload: r.payload,
          sequence: r.sequence === null ? null : Number(r.sequence),
          createdAt: r.created_at,
        }
      : null;
  }
}
