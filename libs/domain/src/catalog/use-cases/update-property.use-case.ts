import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { PropertyRepository } from '../ports/property.repository';
import { AdminPropertyView, adminPropertyView } from '../catalog-views';
import { fieldError, propertyPatch, PropertyInput } from '../rules/catalog-input';
import { chargeViolations } from '../rules/pricing-input';
import type { Caller } from '../../identity/principal';

/** Fields of a property to change. */
export interface UpdatePropertyCommand {
  propertyId: string;
  patch: Partial<PropertyInput>;
}

/** Changes the given fields of a property (absent fields stay, `null` clears a nullable one). */
@Injectable()
export class UpdateProperty {
  constructor(private readonly properties: PropertyRepository) {}

  @Transactional()
  async execute(command: UpdatePropertyCommand, actor: Caller): Promise<Outcome<AdminPropertyView>> {
    const { tenantId } = actor;
    const { propertyId: id, patch: input } = command;
    const chargeErrors = [...chargeViolations(input.taxes, 'taxes'), ...chargeViolations(input.fees, 'fees')];
    if (chargeErrors.length > 0) throw validationFailed(chargeErrors);
    const current = await this.properties.findById(tenantId, id);
    if (!current) throw new DomainError('property_not_found');
    if (input.slug !== undefined && input.slug !== current.slug && (await this.properties.findBySlug(tenantId, input.slug))) {
      throw fieldError('slug', 'is already used by another property of this tenant');
    }
    const updated = await this.properties.update(tenantId, id, propertyPatch(input));
    if (!updated) throw new DomainError('property_not_found');
    return new Outcome(adminPropertyView(updated), { next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/properties/${id}` }] });
  }
}
