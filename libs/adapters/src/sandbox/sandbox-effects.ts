import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { PgChannelListener, SqlClient, statement } from '@hcs/persistence';

/** Told of every new mark, so a deployment that never marked a trace checks none. */
const MARKS_CHANNEL = 'hcs_sandbox_receiver_down';

const expireQuote = statement<[tenantId: string, quoteId: string], { expires_at: Date }>(
  `UPDATE quotes SET expires_at = LEAST(expires_at, now()) WHERE tenant_id = $1 AND id = $2 RETURNING expires_at`,
);
const expireHold = statement<[tenantId: string, holdId: string], { expires_at: Date }>(
  `UPDATE holds SET expires_at = LEAST(expires_at, now()), updated_at = now() WHERE tenant_id = $1 AND id = $2 AND state = 'held' RETURNING expires_at`,
);
const markReceiverDown = statement<[tenantId: string, traceId: string], Record<string, unknown>>(
  `WITH mark AS (INSERT INTO sandbox_receiver_down_traces (tenant_id, trace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1)
   SELECT pg_notify('${MARKS_CHANNEL}', '') FROM mark`,
);
const anyMark = statement<[], { any: boolean }>(`SELECT EXISTS (SELECT 1 FROM sandbox_receiver_down_traces) AS any`);
const receiverDown = statement<[tenantId: string, eventId: string], { down: boolean }>(
  `SELECT EXISTS (
     SELECT 1 FROM outbox_events o JOIN sandbox_receiver_down_traces s ON s.tenant_id = o.tenant_id AND s.trace_id = o.trace_id
      WHERE o.tenant_id = $1 AND o.id = $2
   ) AS down`,
);

/**
 * The sandbox scenarios' own SQL (docs/sandbox.md): lifetimes that end now, and the table of
 * request traces whose webhooks meet a receiver that is down.
 *
 * A delivery is checked against the marks only once some mark exists: the first check starts a
 * listener on the marks' channel and asks once whether any mark exists; every new mark notifies
 * it. A deployment whose agents never sent `webhook_receiver_down` so sends no statement per
 * delivery; after a mark, one per first-chain attempt.
 */
@Injectable()
export class SandboxEffects implements OnModuleDestroy {
  /** Whether any trace is marked: unknown until the listener hears the channel (and again while it is deaf). */
  private marks: 'unknown' | 'none' | 'some' = 'unknown';
  /** Bumped by every notification and loss of the channel, so a count started before one cannot overwrite what it said. */
  private heard = 0;
  private listener: PgChannelListener | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly config: AppConfig,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
  }

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
    this.listen();
    if (this.marks === 'none') return false;
    const rows = await this.sql.run(receiverDown, [tenantId, eventId]);
    return rows[0]?.down === true;
  }

  private listen(): void {
    if (this.listener) return;
    this.listener = new PgChannelListener(this.config.databaseDirectUrl, MARKS_CHANNEL, {
      notified: () => {
        this.heard += 1;
        this.marks = 'some';
      },
      listening: () => void this.countMarks(),
      deaf: () => {
        this.heard += 1;
        this.marks = 'unknown';
      },
    });
    this.listener.start();
  }

  /** Once listening: whether any mark exists already (a notification meanwhile wins). */
  private async countMarks(): Promise<void> {
    const heard = this.heard;
    const rows = await this.sql.run(anyMark, []).catch(() => null);
    if (!rows || this.heard !== heard) return;
    this.marks = rows[0]?.any === true ? 'some' : 'none';
  }
}
