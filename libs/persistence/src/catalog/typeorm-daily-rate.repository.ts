import { Injectable } from '@nestjs/common';
import { DailyRate, DailyRateRepository, DateRange, RatePlan } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

@Injectable()
export class TypeOrmDailyRateRepository extends DailyRateRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get db() {
    return this.tx.tx;
  }

  async setRates(tenantId: string, ratePlanId: string, range: DateRange, amount: number | null): Promise<number> {
    if (amount === null) {
      const [, count] = (await this.db.query(`DELETE FROM daily_rates WHERE tenant_id = $1 AND rate_plan_id = $2 AND night BETWEEN $3::date AND $4::date`, [
        tenantId,
        ratePlanId,
        range.from,
        range.to,
      ])) as [unknown, number];
      return count;
    }
    const inserted = (await this.db.query(
      `INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount)
       SELECT $1, $2, d::date, $5 FROM generate_series($3::date, $4::date, interval '1 day') AS d
       ON CONFLICT (tenant_id, rate_plan_id, night) DO UPDATE SET amount = EXCLUDED.amount
       RETURNING night`,
      [tenantId, ratePlanId, range.from, range.to, amount],
    )) as unknown[];
    return inserted.length;
  }

  async listRates(tenantId: string, ratePlan: RatePlan, range: DateRange): Promise<DailyRate[]> {
    const rows: Array<{ night: string; amount: string; overridden: boolean }> = await this.db.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS night, COALESCE(r.amount, $5) AS amount, r.amount IS NOT NULL AS overridden
         FROM generate_series($3::date, $4::date, interval '1 day') AS d
         LEFT JOIN daily_rates r ON r.tenant_id = $1 AND r.rate_plan_id = $2 AND r.night = d::date
        ORDER BY d`,
      [tenantId, ratePlan.id, range.from, range.to, ratePlan.baseRate.amount],
    );
    return rows.map((r) => ({ night: r.night, amount: Number(r.amount), overridden: r.overridden }));
  }
}
