import { Injectable } from '@nestjs/common';
import { DeliveryJobRef, OutboxEventRecord, OutboxRelayStore } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

/** The outbox as the relay sees it; every statement runs in the relay's transaction. */
@Injectable()
export class SqlOutboxRelayStore extends OutboxRelayStore {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  async lockUnrelayed(limit: number): Promise<string[]> {
    const rows = (await this.m.query(`SELECT id FROM outbox_events WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, [
      limit,
    ])) as Array<{
      id: string;
    }>;
    return rows.map((r) => r.id);
  }

  async createDeliveries(eventIds: string[]): Promise<DeliveryJobRef[]> {
    await this.m.query(
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, next_attempt_at)
       SELECT o.tenant_id, e.id, o.id, o.type, clock_timestamp()
         FROM outbox_events o
         JOIN webhook_endpoints e ON e.tenant_id = o.tenant_id AND e.status = 'enabled' AND o.type = ANY(e.events)
        WHERE o.id = ANY($1::uuid[])
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      [eventIds],
    );
    const rows = (await this.m.query(
      `SELECT tenant_id, id, chain, attempt FROM webhook_deliveries WHERE event_id = ANY($1::uuid[]) AND state = 'pending' AND attempt = 0`,
      [eventIds],
    )) as Array<{ tenant_id: string; id: string; chain: number; attempt: number }>;
    return rows.map((r) => ({ tenantId: r.tenant_id, deliveryId: r.id, chain: r.chain, attempt: r.attempt + 1 }));
  }

  async markRelayed(eventIds: string[]): Promise<void> {
    await this.m.query(`UPDATE outbox_events SET relayed_at = clock_timestamp() WHERE id = ANY($1::uuid[])`, [eventIds]);
  }

  async findEvent(tenantId: string, id: string): Promise<OutboxEventRecord | null> {
    const rows = (await this.m.query(`SELECT id, tenant_id, type, payload, sequence, created_at FROM outbox_events WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ])) as Array<{ id: string; tenant_id: string; type: string; payload: Record<string, unknown>; sequence: string | null; created_at: Date }>;
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
