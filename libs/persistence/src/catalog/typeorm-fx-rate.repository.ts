import { Injectable } from '@nestjs/common';
import { FxRate, FxRateRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

@Injectable()
export class TypeOrmFxRateRepository extends FxRateRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get db() {
    return this.tx.tx;
  }

  async upsert(tenantId: string, rates: Array<{ base: string; quote: string; rate: number }>): Promise<void> {
    if (rates.length === 0) return;
    await this.db.query(
      `INSERT INTO fx_rates (tenant_id, base, quote, rate, updated_at)
       SELECT $1, r.base, r.quote, r.rate, now()
         FROM jsonb_to_recordset($2::jsonb) AS r(base text, quote text, rate numeric)
       ON CONFLICT ON CONSTRAINT fx_rates_scope_pair_key DO UPDATE SET rate = EXCLUDED.rate, updated_at = now()`,
      [tenantId, JSON.stringify(rates)],
    );
  }

  async listEffective(tenantId: string): Promise<FxRate[]> {
    const rows: Array<{ base: string; quote: string; rate: string; updated_at: Date }> = await this.db.query(
      `SELECT DISTINCT ON (base, quote) base, quote, rate, updated_at
         FROM fx_rates
        WHERE tenant_id = $1 OR tenant_id IS NULL
        ORDER BY base, quote, tenant_id NULLS LAST`,
      [tenantId],
    );
    return rows.map((r) => ({ base: r.base, quote: r.quote, rate: Number(r.rate), updatedAt: r.updated_at }));
  }
}
