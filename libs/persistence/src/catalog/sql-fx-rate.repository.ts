import { Injectable } from '@nestjs/common';
import { FxRate, FxRateRepository } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { effectiveFxRates, upsertFxRates } from './fx-rate-row';

@Injectable()
export class SqlFxRateRepository extends FxRateRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async upsert(tenantId: string, rates: Array<{ base: string; quote: string; rate: number }>): Promise<void> {
    if (rates.length === 0) return;
    await this.sql.run(upsertFxRates, [tenantId, JSON.stringify(rates)]);
  }

  async listEffective(tenantId: string): Promise<FxRate[]> {
    const rows = await this.sql.run(effectiveFxRates, [tenantId]);
    return rows.map((r) => ({ base: r.base, quote: r.quote, rate: Number(r.rate), updatedAt: r.updated_at }));
  }
}
