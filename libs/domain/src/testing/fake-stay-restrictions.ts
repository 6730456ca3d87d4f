import type { DateRange } from '../catalog/catalog';
import { DatedStayRestrictions, StayRestrictionRepository } from '../catalog/ports/stay-restriction.repository';
import { isoWeekdays, StayRestrictionChange } from '../catalog/rules/stay-restriction-input';
import { epochDay } from '../stay/calendar';
import { NO_RESTRICTIONS, StayRestrictions } from '../stay/stay-restrictions';
import { nightsOf } from './fake-catalog-ports';

/** Stay restrictions per rate plan and date in memory (a date per entry, not runs); `plans` are the tenant's rate plan ids. */
export class FakeStayRestrictions extends StayRestrictionRepository {
  readonly dates = new Map<string, Map<string, StayRestrictions>>();
  writes = 0;

  constructor(private readonly plans: Map<string, string[]>) {
    super();
  }

  async setRestrictions(tenantId: string, ratePlanId: string, change: StayRestrictionChange): Promise<DatedStayRestrictions[] | null> {
    if (!this.owns(tenantId, ratePlanId)) return null;
    this.writes++;
    const days = change.daysOfWeek ? isoWeekdays(change.daysOfWeek) : null;
    const byDate = this.dates.get(ratePlanId) ?? new Map<string, StayRestrictions>();
    this.dates.set(ratePlanId, byDate);
    for (const date of nightsOf(change.range)) {
      // 1970-01-01 was a Thursday (ISO 4)
      if (days && !days.includes(((epochDay(date)! + 3) % 7) + 1)) continue;
      const next = { ...(byDate.get(date) ?? NO_RESTRICTIONS), ...change.values };
      for (const key of ['closed_to_arrival', 'closed_to_departure', 'stop_sell'] as const) if (next[key] === false) next[key] = null;
      byDate.set(date, next);
    }
    return this.read(ratePlanId, change.range);
  }

  async listRestrictions(tenantId: string, ratePlanId: string, range: DateRange): Promise<DatedStayRestrictions[] | null> {
    return this.owns(tenantId, ratePlanId) ? this.read(ratePlanId, range) : null;
  }

  private owns(tenantId: string, ratePlanId: string): boolean {
    return this.plans.get(tenantId)?.includes(ratePlanId) ?? false;
  }

  private read(ratePlanId: string, range: DateRange): DatedStayRestrictions[] {
    return nightsOf(range).map((date) => ({ date, ...(this.dates.get(ratePlanId)?.get(date) ?? NO_RESTRICTIONS) }));
  }
}
