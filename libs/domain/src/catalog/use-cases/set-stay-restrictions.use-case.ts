import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { StayRestrictionRepository } from '../ports/stay-restriction.repository';
import { StayRestrictionChange, stayRestrictionChangeErrors } from '../rules/stay-restriction-input';
import type { StayRestrictionCalendar } from './get-stay-restrictions.use-case';

export interface SetStayRestrictionsCommand extends StayRestrictionChange {
  ratePlanId: string;
}

/**
 * ARI restrictions: sets (or with null clears) the sent restriction fields of a rate plan over a
 * range of dates, optionally on some days of the week only; fields not sent are left alone. One
 * statement, no transaction of its own (docs/catalog.md, "Stay restrictions").
 */
@Injectable()
export class SetStayRestrictions {
  constructor(private readonly restrictions: StayRestrictionRepository) {}

  async execute(command: SetStayRestrictionsCommand, caller: Caller): Promise<Outcome<StayRestrictionCalendar>> {
    const { ratePlanId, ...change } = command;
    const errors = stayRestrictionChangeErrors(change);
    if (errors.length > 0) throw validationFailed(errors);
    const items = await this.restrictions.setRestrictions(caller.tenantId, ratePlanId, change);
    if (!items) throw new DomainError('rate_plan_not_found');
    return new Outcome({ rate_plan_id: ratePlanId, items });
  }
}
