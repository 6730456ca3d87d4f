import { Injectable } from '@nestjs/common';
import { SqlClient, statement } from '@hcs/persistence';

const expireQuote = statement<[tenantId: string, quoteId: string], { expires_at: Date }>(
  `UPDATE quotes SET expires_at = LEAST(expires_at, now()) WHERE tenant_id = $1 AND id = $2 RETURNING expires_at`,
);
const expireHold = statement<[tenantId: string, holdId: string], { expires_at: Date }>(
  `UPDATE holds SET expires_at = LEAST(expires_at, now()), updated_at = now() WHERE tenant_id = $1 AND id = $2 AND state = 'held' RETURNING expires_at`,
);
const markReceiverDown = statement<[tenantId: string, traceId: string], Record<string, never>>(
  `INSERT INTO sandbox_receiver_down_traces (tenant_id, trace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
);
const receiverDown = statement<[tenantId: string, eventId: string], { down: boolean }>(
  `SELECT EXISTS (
     SELECT 1 FROM outbox_events o JOIN sandbox_receiver_down_traces s ON s.tenant_id = o.tenant_id AND s.trace_id = o.trace_id
      WHERE o.tenant_id = $1 AND o.id = $2
   ) AS down`,
);

/**
 * The sandbox scenarios' own SQL (docs/sandbox.md): lifetimes that end now, and the table of
 * request traces whose webhooks meet a receiver that is down.
 */
@Injectable()
export class SandboxEffects {
  constructor(private readonly sql: SqlClient) {}

  /** The quote's lifetime ends now; returns the new `expires_at`. */
  async expireQuoteNow(tenantId: string, quoteId: string): Promise<Date> {
    const rows = await this.sql.run(expireQuote, [tenantId, quoteId]);
    return rows[0]?.expires_at ?? new Date();
  }

  /** The `held` hold's lifetime ends now; returns the new `expires_at` (null when it was not `held`). */
  async expireHoldNow(tenantId: string, holdId: string): Promise<Date | null> {
    const rows = await this.sql.run(expireHold, [tenantId, holdId]);
    return rows[0]?.expires_at ?? null;
  }

  /** The webhook deliveries of the events written under this trace meet a receiver that is down. */
  async markReceiverDown(tenantId: string, traceId: string): Promise<void> {
    await this.sql.run(markReceiverDown, [tenantId, traceId]);
  }

  /** Whether the event was written under a trace marked by `markReceiverDown`. */
  async receiverDownFor(tenantId: string, eventId: string): Promise<boolean> {
    const rows = await this.sql.run(receiverDown, [tenantId, eventId]);
    return rows[0]?.down === true;
  }
}
