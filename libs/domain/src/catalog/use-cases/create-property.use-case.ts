import { validationFailed } from '../../errors/domain-error';
import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { PropertyRepository } from '../ports/property.repository';
import { AdminPropertyView, adminPropertyView } from '../catalog-views';
import { fieldError, newPropertyFields, PropertyInput } from '../rules/catalog-input';
import { chargeViolations } from '../rules/pricing-input';
import type { Caller } from '../../identity/principal';

/** A new property (docs/catalog.md). */
export interface CreatePropertyCommand {
  property: PropertyInput;
}

/** Creates an unpromoted property; it shows up in reads and search once promoted. */
@Injectable()
export class CreateProperty {
  constructor(private readonly properties: PropertyRepository) {}

  @Transactional()
  async execute(command: CreatePropertyCommand, actor: Caller): Promise<Outcome<AdminPropertyView>> {
    const { tenantId } = actor;
    const { property: input } = command;
    const chargeErrors = [...chargeViolations(input.taxes, 'taxes'), ...chargeViolations(input.fees, 'fees')];
    if (chargeErrors.length > 0) throw validationFailed(chargeErrors);
    if (await this.properties.findBySlug(tenantId, input.slug)) throw fieldError('slug', `is already used by another property of this tenant`);
    const property = await this.properties.create(tenantId, newPropertyFields(input));
    return new Outcome(adminPropertyView(property), {
      status: 201,
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/properties/${property.id}` }],
    });
  }
}
