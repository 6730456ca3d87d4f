import { Injectable } from '@nestjs/common';
import { SandboxEffects } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';

const expireQuote = statement<[tenantId: string, quoteId: string], { expires_at: Date }>(
  `UPDATE quotes SET expires_at = LEAST(expires_at, now()) WHERE tenant_id = $1 AND id = $2 RETURNING expires_at`,
);
const expireHold = statement<[tenantId: string, holdId: string], { expires_at: Date }>(
  `UPDATE holds SET expires_at = LEAST(expires_at, now()), updated_at = now() WHERE tenant_id = $1 AND id = $2 AND state = 'held' RETURNING expires_at`,
);
const markReceiverDown = statement<[tenantId: string, traceId: string], Record<string, never>>(
  `INSERT INTO sandbox_receiver_down_traces (tenant_id, trace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
);

/** Sandbox scenarios' real changes (docs/sandbox.md): lifetimes that end now, a receiver marked down. */
@Injectable()
export class SqlSandboxEffects extends SandboxEffects {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async expireQuoteNow(tenantId: string, quoteId: string): Promise<Date> {
    const rows = await this.sql.run(expireQuote, [tenantId, quoteId]);
    return rows[0]?.expires_at ?? new Date();
  }

  async expireHoldNow(tenantId: string, holdId: string): Promise<Date | null> {
    const rows = await this.sql.run(expireHold, [tenantId, holdId]);
    return rows[0]?.expires_at ?? null;
  }

  async markReceiverDown(tenantId: string, traceId: string): Promise<void> {
    await this.sql.run(markReceiverDown, [tenantId, traceId]);
  }
}
