import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { DailyRate, DateRange } from '../catalog';
import { DailyRateRepository, RatePlanRepository } from '../ports/catalog.repository';
import { assertDateRange } from '../catalog-input';

export interface RateCalendar {
  rate_plan_id: string;
  currency: string;
  base_rate: { amount: number; currency: string };
  nights: DailyRate[];
}

/** ARI rates: per-date nightly rates of a rate plan, in minor units of its currency. */
@Injectable()
export class SetDailyRates {
  constructor(
    private readonly ratePlans: RatePlanRepository,
    private readonly dailyRates: DailyRateRepository,
  ) {}

  @Transactional()
  async execute(tenantId: string, ratePlanId: string, range: DateRange, amount: number | null): Promise<Outcome<RateCalendar>> {
    assertDateRange(range);
    const plan = await this.ratePlans.findById(tenantId, ratePlanId);
    if (!plan) throw new DomainError('rate_plan_not_found');
    await this.dailyRates.setRates(tenantId, plan.id, range, amount);
    return this.read(tenantId, ratePlanId, range);
  }

  async read(tenantId: string, ratePlanId: string, range: DateRange): Promise<Outcome<RateCalendar>> {
    assertDateRange(range);
    const plan = await this.ratePlans.findById(tenantId, ratePlanId);
    if (!plan) throw new DomainError('rate_plan_not_found');
    const nights = await this.dailyRates.listRates(tenantId, plan, range);
    return new Outcome({ rate_plan_id: plan.id, currency: plan.baseRate.currency, base_rate: { ...plan.baseRate }, nights });
  }
}
