import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { PropertyRepository } from '../ports/property.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { AdminPropertyView, adminPropertyView } from '../catalog-views';
import { promotionBlockers } from '../rules/promotion-readiness';
import type { Caller } from '../../identity/principal';

/** The property to show in public reads. */
export interface PromotePropertyCommand {
  propertyId: string;
}

/**
 * Makes a property visible to reads, search and feeds once it is complete; otherwise
 * `property_not_promotable` lists every reason. Promoting twice keeps the first promotion time.
 */
@Injectable()
export class PromoteProperty {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
  ) {}

  @Transactional()
  async execute(command: PromotePropertyCommand, actor: Caller): Promise<Outcome<AdminPropertyView>> {
    const { tenantId } = actor;
    const { propertyId: id } = command;
    const property = await this.properties.findById(tenantId, id);
    if (!property) throw new DomainError('property_not_found');
    const [rooms, plans] = await Promise.all([this.roomTypes.listByProperties(tenantId, [id]), this.ratePlans.listByProperties(tenantId, [id])]);
    const reasons = promotionBlockers(property, rooms, plans);
    if (reasons.length > 0) {
      throw new DomainError('property_not_promotable', { detail: { property_id: id, reasons } });
    }
    if (property.promotedAt === null) await this.properties.markPromoted(tenantId, id, new Date());
    const promoted = (await this.properties.findById(tenantId, id)) ?? property;
    return new Outcome(adminPropertyView(promoted), {
      next_actions: [
        { rel: 'get', method: 'GET', href: `/v1/properties/${id}` },
        { rel: 'search', method: 'POST', href: '/v1/search', body_hint: { destination: { type: 'property', value: id } } },
      ],
    });
  }
}
