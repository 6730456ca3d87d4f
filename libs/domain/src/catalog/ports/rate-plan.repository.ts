import type { RatePlan, RatePlanFields, RoomType } from '../catalog';

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
