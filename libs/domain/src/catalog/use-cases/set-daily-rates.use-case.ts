import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { DateRange, NightPartyPrices } from '../catalog';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { nightPartyPricesViolations } from '../rules/pricing-input';
import { DailyRateRepository } from '../ports/daily-rate.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { assertDateRange } from '../rules/catalog-input';
import type { Caller } from '../../identity/principal';
import { RateCalendar, rateCalendar } from './get-rate-calendar.use-case';

/** A rate plan's per-date rate over a range of nights (`null`: removed), with the nights' own party prices. */
export interface SetDailyRatesCommand {
  ratePlanId: string;
  range: DateRange;
  amount: number | null;
  party?: NightPartyPrices;
}

/**
 * ARI rates: per-date nightly rates of a rate plan, in minor units of its currency. Each night set
 * is replaced whole: party prices not sent are none (the plan's apply).
 */
@Injectable()
export class SetDailyRates {
  constructor(
    private readonly ratePlans: RatePlanRepository,
    private readonly dailyRates: DailyRateRepository,
    private readonly roomTypes: RoomTypeRepository,
  ) {}

  @Transactional()
  async execute(command: SetDailyRatesCommand, actor: Caller): Promise<Outcome<RateCalendar>> {
    const { tenantId } = actor;
    const { ratePlanId, range, amount } = command;
    assertDateRange(range);
    const plan = await this.ratePlans.findById(tenantId, ratePlanId);
    if (!plan) throw new DomainError('rate_plan_not_found');
    const party = command.party ?? {};
    if (party.by_adults || party.extra_adult != null || party.child_rates) {
      const room = await this.roomTypes.findById(tenantId, plan.roomTypeId);
      const errors = nightPartyPricesViolations(party, room?.maxOccupancy ?? 0);
      if (amount === null) errors.push({ path: 'amount', message: 'party prices need the night rate they belong to (amount null removes the per-date rates)' });
      if (errors.length > 0) throw validationFailed(errors);
    }
    await this.dailyRates.setRates(tenantId, plan.id, range, amount, party);
    return new Outcome(await rateCalendar(this.dailyRates, tenantId, plan, range));
  }
}
