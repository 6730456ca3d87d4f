import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { DateRange } from '../catalog';
import { DailyRateRepository } from '../ports/daily-rate.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { assertDateRange } from '../rules/catalog-input';
import type { Caller } from '../../identity/principal';
import { RateCalendar, rateCalendar } from './get-rate-calendar.use-case';

/** A rate plan's per-date rate over a range of nights (`null`: removed). */
export interface SetDailyRatesCommand {
  ratePlanId: string;
  range: DateRange;
  amount: number | null;
}

/** ARI rates: per-date nightly rates of a rate plan, in minor units of its currency. */
@Injectable()
export class SetDailyRates {
  constructor(
    private readonly ratePlans: RatePlanRepository,
    private readonly dailyRates: DailyRateRepository,
  ) {}

  @Transactional()
  async execute(command: SetDailyRatesCommand, actor: Caller): Promise<Outcome<RateCalendar>> {
    const { tenantId } = actor;
    const { ratePlanId, range, amount } = command;
    assertDateRange(range);
    const plan = await this.ratePlans.findById(tenantId, ratePlanId);
    if (!plan) throw new DomainError('rate_plan_not_found');
    await this.dailyRates.setRates(tenantId, plan.id, range, amount);
    return new Outcome(await rateCalendar(this.dailyRates, tenantId, plan, range));
  }
}
