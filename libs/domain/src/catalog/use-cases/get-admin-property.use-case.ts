import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { Policy } from '../catalog';
import {
  AdminPolicyView,
  adminPolicyView,
  AdminPropertyView,
  adminPropertyView,
  AdminRatePlanView,
  adminRatePlanView,
  AdminRoomTypeView,
  adminRoomTypeView,
} from '../catalog-views';
import { PolicyRepository } from '../ports/policy.repository';
import { PropertyRepository } from '../ports/property.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { PromotionBlocker, promotionBlockers } from '../rules/promotion-readiness';

export interface AdminPropertyDetail extends AdminPropertyView {
  room_types: Array<AdminRoomTypeView & { rate_plans: AdminRatePlanView[] }>;
  policies: Array<AdminPolicyView & { versions: AdminPolicyView[] }>;
  promotion: { promotable: boolean; reasons: PromotionBlocker[] };
}

export interface GetAdminPropertyQuery {
  propertyId: string;
}

/** What admins read of one property, promoted or not: room types, rate plans, policy versions and what blocks promotion. */
@Injectable()
export class GetAdminProperty {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
    private readonly policies: PolicyRepository,
  ) {}

  async execute(query: GetAdminPropertyQuery, caller: Caller): Promise<Outcome<AdminPropertyDetail>> {
    const { tenantId } = caller;
    const id = query.propertyId;
    const property = await this.properties.findById(tenantId, id);
    if (!property) throw new DomainError('property_not_found');
    const [rooms, plans, current] = await Promise.all([
      this.roomTypes.listByProperties(tenantId, [id]),
      this.ratePlans.listByProperties(tenantId, [id]),
      this.policies.listCurrent(tenantId, [id]),
    ]);
    const versions = await Promise.all(current.map((p) => this.policies.listVersions(tenantId, id, p.code)));
    const byId = new Map<string, Policy>(versions.flat().map((p) => [p.id, p]));
    const reasons = promotionBlockers(property, rooms, plans);
    return new Outcome({
      ...adminPropertyView(property),
      room_types: rooms.map((room) => ({
        ...adminRoomTypeView(room),
        rate_plans: plans
          .filter((p) => p.roomTypeId === room.id)
          .map((p) => adminRatePlanView(p, p.policyId ? (byId.get(p.policyId) ?? null) : null, room.maxOccupancy)),
      })),
      policies: current.map((p, i) => ({ ...adminPolicyView(p), versions: versions[i].map(adminPolicyView) })),
      promotion: { promotable: reasons.length === 0, reasons },
    });
  }
}
