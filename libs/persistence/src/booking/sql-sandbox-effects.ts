import { Injectable } from '@nestjs/common';
import { SandboxEffects } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { modify } from './sql';

/** Sandbox scenarios' real changes (docs/sandbox.md): lifetimes that end now, a receiver marked down. */
@Injectable()
export class SqlSandboxEffects extends SandboxEffects {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  async expireQuoteNow(tenantId: string, quoteId: string): Promise<Date> {
    const rows = await modify<{ expires_at: Date }>(
      this.m,
      `UPDATE quotes SET expires_at = LEAST(expires_at, now()) WHERE tenant_id = $1 AND id = $2 RETURNING expires_at`,
      [tenantId, quoteId],
    );
    return rows[0]?.expires_at ?? new Date();
  }

  async expireHoldNow(tenantId: string, holdId: string): Promise<Date | null> {
    const rows = await modify<{ expires_at: Date }>(
      this.m,
      `UPDATE holds SET expires_at = LEAST(expires_at, now()), updated_at = now() WHERE tenant_id = $1 AND id = $2 AND state = 'held' RETURNING expires_at`,
      [tenantId, holdId],
    );
    return rows[0]?.expires_at ?? null;
  }

  async markReceiverDown(tenantId: string, traceId: string): Promise<void> {
    await this.m.query(`INSERT INTO sandbox_receiver_down_traces (tenant_id, trace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [tenantId, traceId]);
  }
}
