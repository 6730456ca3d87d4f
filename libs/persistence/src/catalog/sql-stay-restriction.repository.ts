import { Injectable } from '@nestjs/common';
import { DatedStayRestrictions, DateRange, isoWeekdays, StayRestrictionChange, StayRestrictionRepository } from '@hcs/domain';
import { refusedBy } from '../booking/statement-refusal';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';
import { CatalogChangeFeed } from './catalog-change-feed';
import { putStayRestrictions, stayRestrictionsInRange } from './stay-restriction-row';

/** Times a change re-runs after another writer of the same plan committed first (each re-run waits for that one). */
const RACE_RETRIES = 5;

@Injectable()
export class SqlStayRestrictionRepository extends StayRestrictionRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  /**
   * One statement (`putStayRestrictions`); when another change of the same plan committed while
   * this one waited for the plan's lock, the statement refuses itself and runs again on the runs
   * that one wrote. Quotes priced from memory in this process see the change from its commit on.
   */
  async setRestrictions(tenantId: string, ratePlanId: string, change: StayRestrictionChange): Promise<DatedStayRestrictions[] | null> {
    const params = [
      tenantId,
      ratePlanId,
      change.range.from,
      change.range.to,
      change.daysOfWeek ? isoWeekdays(change.daysOfWeek) : null,
      json(change.values),
    ] as const;
    for (let attempt = 0; ; attempt++) {
      try {
        const rows = await this.sql.run(putStayRestrictions, [...params]);
        if (rows.length === 0) return null;
        this.changes.changedHere(tenantId);
        return rows;
      } catch (error) {
        if (!refusedBy(error, 'stay_restrictions_raced') || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  async listRestrictions(tenantId: string, ratePlanId: string, range: DateRange): Promise<DatedStayRestrictions[] | null> {
    const rows = await this.sql.run(stayRestrictionsInRange, [tenantId, ratePlanId, range.from, range.to]);
    return rows.length === 0 ? null : rows;
  }
}
