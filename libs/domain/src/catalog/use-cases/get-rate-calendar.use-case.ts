import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { DailyRate, DateRange, RatePlan } from '../catalog';
import { assertDateRange } from '../rules/catalog-input';
import { DailyRateRepository } from '../ports/daily-rate.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';

export interface RateCalendar {
  rate_plan_id: string;
  currency: string;
  base_rate: { amount: number; currency: string };
  nights: DailyRate[];
}

export interface GetRateCalendarQuery {
  ratePlanId: string;
  /** Inclusive local dates. */
  range: DateRange;
}

/** The nightly rates of a rate plan as admins read them (and as `SetDailyRates` answers after a change). */
export async function rateCalendar(dailyRates: DailyRateRepository, tenantId: string, plan: RatePlan, range: DateRange): Promise<RateCalendar> {
  const nights = await dailyRates.listRates(tenantId, plan, range);
  return { rate_plan_id: plan.id, currency: plan.baseRate.currency, base_rate: { ...plan.baseRate }, nights };
}

/** `GET /v1/admin/rate-plans/{id}/rates`: the rate per night of a range, per-date or base. */
@Injectable()
export class GetRateCalendar {
  constructor(
    private readonly ratePlans: RatePlanRepository,
    private readonly dailyRates: DailyRateRepository,
  ) {}

  async execute(query: GetRateCalendarQuery, caller: Caller): Promise<Outcome<RateCalendar>> {
    assertDateRange(query.range);
    const plan = await this.ratePlans.findById(caller.tenantId, query.ratePlanId);
    if (!plan) throw new DomainError('rate_plan_not_found');
    return new Outcome(await rateCalendar(this.dailyRates, caller.tenantId, plan, query.range));
  }
}
