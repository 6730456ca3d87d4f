import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { DateRange } from '../catalog';
import { DatedStayRestrictions, StayRestrictionRepository } from '../ports/stay-restriction.repository';
import { assertDateRange } from '../rules/catalog-input';

/** A rate plan's restrictions, one item per date of a range. */
export interface StayRestrictionCalendar {
  rate_plan_id: string;
  items: DatedStayRestrictions[];
}

export interface GetStayRestrictionsQuery {
  ratePlanId: string;
  /** Inclusive dates. */
  range: DateRange;
}

/** `GET /v1/admin/rate-plans/{id}/restrictions`: every date of the range with its nine fields. */
@Injectable()
export class GetStayRestrictions {
  constructor(private readonly restrictions: StayRestrictionRepository) {}

  async execute(query: GetStayRestrictionsQuery, caller: Caller): Promise<Outcome<StayRestrictionCalendar>> {
    assertDateRange(query.range);
    const items = await this.restrictions.listRestrictions(caller.tenantId, query.ratePlanId, query.range);
    if (!items) throw new DomainError('rate_plan_not_found');
    return new Outcome({ rate_plan_id: query.ratePlanId, items });
  }
}
