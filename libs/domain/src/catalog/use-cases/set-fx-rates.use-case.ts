import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, FieldError } from '../../errors/domain-error';
import { FxRateRepository } from '../ports/fx-rate.repository';
import type { Caller } from '../../identity/principal';
import { FxTable, fxTable } from './get-fx-rates.use-case';

export interface FxRateInput {
  base: string;
  quote: string;
  rate: number;
}

/** The tenant's FX rates to upsert. */
export interface SetFxRatesCommand {
  rates: FxRateInput[];
}

/** Sets this tenant's FX rates for display conversion (`?currency=`); other pairs stay as they are. */
@Injectable()
export class SetFxRates {
  constructor(private readonly fx: FxRateRepository) {}

  @Transactional()
  async execute(command: SetFxRatesCommand, actor: Caller): Promise<Outcome<FxTable>> {
    const { tenantId } = actor;
    const { rates } = command;
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
    return new Outcome(await fxTable(this.fx, tenantId));
  }
}
