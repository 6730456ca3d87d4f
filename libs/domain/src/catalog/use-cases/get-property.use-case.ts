import { Injectable } from '@nestjs/common';
import { NextAction, Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Property } from '../catalog';
import { PolicyView, PropertyView, propertyView, RoomTypeView } from '../catalog-views';
import { PropertyCatalog, PropertyCatalogReader } from '../ports/property-catalog.reader';
import { DisplayCurrency, PropertyReadModel } from './property-read-model';

export type PropertyDetail = PropertyView & DisplayCurrency & { room_types: RoomTypeView[] };

export type PropertyFull = PropertyDetail & {
  amenities: string[];
  images: string[];
  phone: string | null;
  email: string | null;
  pets_allowed: boolean;
  number_of_rooms: number | null;
  checkin_time: string | null;
  checkout_time: string | null;
  taxes: Property['taxes'];
  fees: Property['fees'];
  policies: PolicyView[];
};

function searchThisProperty(property: Property): NextAction {
  return { rel: 'search', method: 'POST', href: '/v1/search', body_hint: { destination: { type: 'property', value: property.id } } };
}

/** Public reads show promoted properties only; anything else is `property_not_found` (no leak). */
function visible(catalog: PropertyCatalog | null): PropertyCatalog {
  if (!catalog || catalog.property.promotedAt === null) throw new DomainError('property_not_found');
  return catalog;
}

/** `GET /v1/properties/{id}`: a promoted property with room types and rate plans. */
@Injectable()
export class GetPropertyDetail {
  constructor(
    private readonly catalogs: PropertyCatalogReader,
    private readonly readModel: PropertyReadModel,
  ) {}

  async execute(tenantId: string, id: string, currency?: string): Promise<Outcome<PropertyDetail>> {
    const catalog = visible(await this.catalogs.read(tenantId, { id }));
    const property = catalog.property;
    const loaded = await this.readModel.present(catalog, currency);
    return new Outcome(
      { ...propertyView(property), ...loaded.display, room_types: loaded.roomTypes },
      { next_actions: [...loaded.quoteActions, searchThisProperty(property), { rel: 'get', method: 'GET', href: `/v1/properties/${property.slug}/full` }] },
    );
  }
}

/** `GET /v1/properties/{slug}/full`: the full read model of a promoted property. */
@Injectable()
export class GetPropertyFull {
  constructor(
    private readonly catalogs: PropertyCatalogReader,
    private readonly readModel: PropertyReadModel,
  ) {}

  async execute(tenantId: string, slug: string, currency?: string): Promise<Outcome<PropertyFull>> {
    const catalog = visible(await this.catalogs.read(tenantId, { slug }));
    const property = catalog.property;
    const loaded = await this.readModel.present(catalog, currency);
    return new Outcome(
      {
        ...propertyView(property),
        ...loaded.display,
        amenities: property.amenities,
        images: property.images,
        phone: property.phone,
        email: property.email,
        pets_allowed: property.petsAllowed,
        number_of_rooms: property.numberOfRooms,
        checkin_time: property.checkinTime,
        checkout_time: property.checkoutTime,
        taxes: property.taxes,
        fees: property.fees,
        policies: loaded.policies,
        room_types: loaded.roomTypes,
      },
      { next_actions: [...loaded.quoteActions, searchThisProperty(property), { rel: 'get', method: 'GET', href: `/v1/properties/${property.id}` }] },
    );
  }
}
