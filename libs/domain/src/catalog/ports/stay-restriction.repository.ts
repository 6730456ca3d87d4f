import type { StayRestrictions } from '../../stay/stay-restrictions';
import type { DateRange } from '../catalog';
import type { StayRestrictionChange } from '../rules/stay-restriction-input';

/** One date's restrictions, every field present (null where unset). */
export type DatedStayRestrictions = { date: string } & StayRestrictions;

/** Port: the stay restrictions of rate plans (ARI restrictions), per date. */
export abstract class StayRestrictionRepository {
  /**
   * Applies the change and answers every date of its range after it, or null when the rate plan
   * is not the tenant's. One round trip; changes of one plan are serialized.
   */
  abstract setRestrictions(tenantId: string, ratePlanId: string, change: StayRestrictionChange): Promise<DatedStayRestrictions[] | null>;
  /** Every date of the range with its restrictions, or null when the rate plan is not the tenant's. */
  abstract listRestrictions(tenantId: string, ratePlanId: string, range: DateRange): Promise<DatedStayRestrictions[] | null>;
}
