import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { PropertyRepository } from '../ports/catalog.repository';
import { AdminPropertyView, adminPropertyView } from '../catalog-views';
import { fieldError, newPropertyFields, PropertyInput } from '../catalog-input';

/** Creates an unpromoted property; it shows up in reads and search once promoted. */
@Injectable()
export class CreateProperty {
  constructor(private readonly properties: PropertyRepository) {}

  @Transactional()
  async execute(tenantId: string, input: PropertyInput): Promise<Outcome<AdminPropertyView>> {
    if (await this.properties.findBySlug(tenantId, input.slug)) throw fieldError('slug', `is already used by another property of this tenant`);
    const property = await this.properties.create(tenantId, newPropertyFields(input));
    return new Outcome(adminPropertyView(property), {
      status: 201,
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/properties/${property.id}` }],
    });
  }
}
