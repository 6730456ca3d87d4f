import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { FxRateRepository } from '../ports/fx-rate.repository';

export interface FxTable {
  rates: Array<{ base: string; quote: string; rate: number; updated_at: string }>;
}

/** The table takes no filter; the query keeps the one use-case form. */
export type GetFxRatesQuery = Record<string, never>;

/** The FX table a tenant's display conversion uses: its own rows over the platform's. */
export async function fxTable(fx: FxRateRepository, tenantId: string): Promise<FxTable> {
  const rates = await fx.listEffective(tenantId);
  return { rates: rates.map((r) => ({ base: r.base, quote: r.quote, rate: r.rate, updated_at: r.updatedAt.toISOString() })) };
}

/** `GET /v1/admin/fx-rates`: the effective FX table of the admin's tenant. */
@Injectable()
export class GetFxRates {
  constructor(private readonly fx: FxRateRepository) {}

  async execute(_query: GetFxRatesQuery, caller: Caller): Promise<Outcome<FxTable>> {
    return new Outcome(await fxTable(this.fx, caller.tenantId));
  }
}
