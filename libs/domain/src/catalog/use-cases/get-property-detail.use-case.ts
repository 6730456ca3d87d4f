import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { PropertyView, propertyView, RoomTypeView } from '../catalog-views';
import { catalogNextActions } from '../next-actions';
import { PropertyCatalogReader } from '../ports/property-catalog.reader';
import { publiclyVisible } from '../rules/public-visibility';
import { DisplayCurrency, PropertyReadModel } from './property-read-model';

export type PropertyDetail = PropertyView & DisplayCurrency & { room_types: RoomTypeView[] };

export interface GetPropertyDetailQuery {
  propertyId: string;
  /** `?currency=`: display prices converted with the tenant's FX table. */
  currency?: string;
}

/** `GET /v1/properties/{id}`: a promoted property of the reader's tenant with room types and rate plans. */
@Injectable()
export class GetPropertyDetail {
  constructor(
    private readonly catalogs: PropertyCatalogReader,
    private readonly readModel: PropertyReadModel,
  ) {}

  async execute(query: GetPropertyDetailQuery, reader: Reader): Promise<Outcome<PropertyDetail>> {
    const catalog = publiclyVisible(await this.catalogs.read(reader.tenantId, { id: query.propertyId }));
    const property = catalog.property;
    const loaded = await this.readModel.present(catalog, query.currency);
    return new Outcome(
      { ...propertyView(property), ...loaded.display, room_types: loaded.roomTypes },
      { next_actions: [...loaded.quoteActions, catalogNextActions.searchProperty(property.id), catalogNextActions.getPropertyFull(property.slug)] },
    );
  }
}
