import type { FxRate } from '../../money/fx';
import type {
  AllotmentConflict,
  DailyRate,
  DateRange,
  InventoryNight,
  PageRequest,
  Policy,
  PolicyFields,
  Property,
  PropertyFields,
  RatePlan,
  RatePlanFields,
  RoomType,
  RoomTypeFields,
} from '../catalog';

/** Port: properties of a tenant. Every method takes the tenant id. */
export abstract class PropertyRepository {
  abstract create(tenantId: string, fields: PropertyFields): Promise<Property>;
  abstract update(tenantId: string, id: string, patch: Partial<PropertyFields>): Promise<Property | null>;
  abstract findById(tenantId: string, id: string): Promise<Property | null>;
  abstract findBySlug(tenantId: string, slug: string): Promise<Property | null>;
  /** Properties ordered by slug, after the cursor slug; `promotedOnly` for public reads. */
  abstract list(tenantId: string, page: PageRequest, promotedOnly: boolean): Promise<Property[]>;
  abstract markPromoted(tenantId: string, id: string, at: Date): Promise<void>;
}

/** Port: room types. */
export abstract class RoomTypeRepository {
  abstract create(tenantId: string, propertyId: string, fields: RoomTypeFields): Promise<RoomType>;
  abstract update(tenantId: string, id: string, patch: Partial<RoomTypeFields>): Promise<RoomType | null>;
  abstract findById(tenantId: string, id: string): Promise<RoomType | null>;
  abstract findByCode(tenantId: string, propertyId: string, code: string): Promise<RoomType | null>;
  abstract listByProperties(tenantId: string, propertyIds: string[]): Promise<RoomType[]>;
}

/** Port: rate plans. */
export abstract class RatePlanRepository {
  abstract create(tenantId: string, roomType: RoomType, fields: RatePlanFields): Promise<RatePlan>;
  abstract update(tenantId: string, id: string, patch: Partial<RatePlanFields>): Promise<RatePlan | null>;
  abstract findById(tenantId: string, id: string): Promise<RatePlan | null>;
  abstract findByCode(tenantId: string, roomTypeId: string, code: string): Promise<RatePlan | null>;
  abstract listByProperties(tenantId: string, propertyIds: string[]): Promise<RatePlan[]>;
  /** Points every plan on any version of (property, policy code) at `policyId`; returns how many. */
  abstract repointPolicy(tenantId: string, propertyId: string, policyCode: string, policyId: string): Promise<number>;
}

/** Port: versioned cancellation policies; a version row is never changed once written. */
export abstract class PolicyRepository {
  abstract createVersion(tenantId: string, propertyId: string, code: string, version: string, fields: PolicyFields): Promise<Policy>;
  abstract findById(tenantId: string, id: string): Promise<Policy | null>;
  /** The newest version of a policy code, or null. */
  abstract findCurrent(tenantId: string, propertyId: string, code: string): Promise<Policy | null>;
  /** Every version of a code, newest first. */
  abstract listVersions(tenantId: string, propertyId: string, code: string): Promise<Policy[]>;
  /** The newest version of every code of these properties. */
  abstract listCurrent(tenantId: string, propertyIds: string[]): Promise<Policy[]>;
  /** Locks the (property, code) lineage for the rest of the transaction, so versions do not collide. */
  abstract lockLineage(tenantId: string, propertyId: string, code: string): Promise<void>;
}

/** Port: per-night inventory counters (ARI availability). */
export abstract class InventoryRepository {
  /**
   * Sets (or, with `null`, clears back to the room type default) the allotment of every night of
   * the range, even below a night's held + sold (an oversell: see docs/back-office.md). Existing
   * nights are locked in date order first, the order the booking chain uses.
   */
  abstract setAllotment(tenantId: string, roomType: RoomType, range: DateRange, allotment: number | null): Promise<void>;
  /**
   * Moves every non-overridden night from `fromNight` on to a new default inventory. Writes
   * nothing and returns the conflicts when a night's held + sold would not fit.
   */
  abstract applyDefaultInventory(tenantId: string, roomTypeId: string, defaultInventory: number, fromNight: string): Promise<AllotmentConflict[]>;
  abstract listNights(tenantId: string, roomType: RoomType, range: DateRange): Promise<InventoryNight[]>;
}

/** Port: per-date rates of a rate plan (ARI rates). */
export abstract class DailyRateRepository {
  /** Sets the rate of every night of the range, or with `null` removes the per-date rates. */
  abstract setRates(tenantId: string, ratePlanId: string, range: DateRange, amount: number | null): Promise<number>;
  abstract listRates(tenantId: string, ratePlan: RatePlan, range: DateRange): Promise<DailyRate[]>;
}

/** Port: FX table for display conversion. Tenant rows override platform rows for a pair. */
export abstract class FxRateRepository {
  abstract upsert(tenantId: string, rates: Array<{ base: string; quote: string; rate: number }>): Promise<void>;
  abstract listEffective(tenantId: string): Promise<FxRate[]>;
}
