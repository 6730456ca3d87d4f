import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, FieldError } from '../../errors/domain-error';
import { FxRateRepository } from '../ports/catalog.repository';

export interface FxRateInput {
  base: string;
  quote: string;
  rate: number;
}

export interface FxTable {
  rates: Array<{ base: string; quote: string; rate: number; updated_at: string }>;
}

/** Sets this tenant's FX rates for display conversion (`?currency=`); other pairs stay as they are. */
@Injectable()
export class SetFxRates {
  constructor(private readonly fx: FxRateRepository) {}

  @Transactional()
  async execute(tenantId: string, rates: FxRateInput[]): Promise<Outcome<FxTable>> {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    rates.forEach((r, i) => {
      if (r.base === r.quote) errors.push({ path: `rates[${i}].quote`, message: 'must differ from base' });
      const key = `${r.base}/${r.quote}`;
      if (seen.has(key)) errors.push({ path: `rates[${i}]`, message: `duplicates the pair ${key}` });
      seen.add(key);
    });
    if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });
    await this.fx.upsert(tenantId, rates);
    return this.read(tenantId);
  }

  async read(tenantId: string): Promise<Outcome<FxTable>> {
    const rates = await this.fx.listEffective(tenantId);
    return new Outcome({ rates: rates.map((r) => ({ base: r.base, quote: r.quote, rate: r.rate, updated_at: r.updatedAt.toISOString() })) });
  }
}
