import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import type { Property } from '../catalog';
import { PolicyView, propertyView } from '../catalog-views';
import { catalogNextActions } from '../next-actions';
import { PropertyCatalog, PropertyCatalogReader } from '../ports/property-catalog.reader';
import { publiclyVisible } from '../rules/public-visibility';
import type { PropertyDetail } from './get-property-detail.use-case';
import { PropertyReadModel } from '../services/property-read-model';
import { ViewsOfKeptCopies } from '../services/views-of-kept-copies';

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

export interface GetPropertyFullQuery {
  slug: string;
  /** `?currency=`: display prices converted with the tenant's FX table. */
  currency?: string;
}

/**
 * `GET /v1/properties/{slug}/full`: the full read model of a promoted property (also the advisor's
 * facts). Without `?currency=` the outcome of a kept catalog copy is worked out once.
 */
@Injectable()
export class GetPropertyFull {
  private readonly kept = new ViewsOfKeptCopies<PropertyFull>();

  constructor(
    private readonly catalogs: PropertyCatalogReader,
    private readonly readModel: PropertyReadModel,
  ) {}

  async execute(query: GetPropertyFullQuery, reader: Reader): Promise<Outcome<PropertyFull>> {
    const catalog = publiclyVisible(await this.catalogs.read(reader.tenantId, { slug: query.slug }));
    if (query.currency === undefined) return this.kept.of(catalog, () => this.present(catalog, undefined));
    return this.present(catalog, query.currency);
  }

  private async present(catalog: PropertyCatalog, currency: string | undefined): Promise<Outcome<PropertyFull>> {
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
      { next_actions: [...loaded.quoteActions, catalogNextActions.searchProperty(property.id), catalogNextActions.getProperty(property.id)] },
    );
  }
}
