import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Policy } from '../catalog';
import { PolicyRepository, PropertyRepository, RatePlanRepository, RoomTypeRepository } from '../ports/catalog.repository';
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
import { decodePropertyCursor, encodePropertyCursor } from '../rules/property-cursor';
import { PromotionBlocker, promotionBlockers } from '../rules/promotion-readiness';

export interface AdminPropertyDetail extends AdminPropertyView {
  room_types: Array<AdminRoomTypeView & { rate_plans: AdminRatePlanView[] }>;
  policies: Array<AdminPolicyView & { versions: AdminPolicyView[] }>;
  promotion: { promotable: boolean; reasons: PromotionBlocker[] };
}

/** What admins read: every property of the tenant, promoted or not, with what blocks promotion. */
@Injectable()
export class ReadAdminCatalog {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
    private readonly policies: PolicyRepository,
  ) {}

  async list(tenantId: string, limit: number, cursor?: string): Promise<Outcome<{ items: AdminPropertyView[]; next_cursor: string | null }>> {
    const afterSlug = cursor ? decodePropertyCursor(cursor) : null;
    const rows = await this.properties.list(tenantId, { afterSlug, limit: limit + 1 }, false);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? encodePropertyCursor(page[page.length - 1].slug) : null;
    return new Outcome(
      { items: page.map(adminPropertyView), next_cursor: next },
      { next_actions: page.map((p) => ({ rel: 'get' as const, method: 'GET' as const, href: `/v1/admin/properties/${p.id}` })) },
    );
  }

  async property(tenantId: string, id: string): Promise<Outcome<AdminPropertyDetail>> {
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
        rate_plans: plans.filter((p) => p.roomTypeId === room.id).map((p) => adminRatePlanView(p, p.policyId ? (byId.get(p.policyId) ?? null) : null)),
      })),
      policies: current.map((p, i) => ({ ...adminPolicyView(p), versions: versions[i].map(adminPolicyView) })),
      promotion: { promotable: reasons.length === 0, reasons },
    });
  }
}
