import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { PropertyView, propertyView, RoomTypeView } from '../catalog-views';
import { catalogNextActions } from '../next-actions';
import { PropertyCatalog, PropertyCatalogReader } from '../ports/property-catalog.reader';
import { publiclyVisible } from '../rules/public-visibility';
import { DisplayCurrency, PropertyReadModel } from '../services/property-read-model';
import { ViewsOfKeptCopies } from '../services/views-of-kept-copies';

export type PropertyDetail = PropertyView & DisplayCurrency & { room_types: RoomTypeView[] };

export interface GetPropertyDetailQuery {
  propertyId: string;
  /** `?currency=`: display prices converted with the tenant's FX table. */
  currency?: string;
}

/**
 * `GET /v1/properties/{id}`: a promoted property of the reader's tenant with room types and rate
 * plans. Without `?currency=` the outcome of a kept catalog copy is worked out once.
 */
@Injectable()
export class GetPropertyDetail {
  private readonly kept = new ViewsOfKeptCopies<PropertyDetail>();

  constructor(
    private readonly catalogs: PropertyCatalogReader,
    private readonly readModel: PropertyReadModel,
  ) {}

  async execute(query: GetPropertyDetailQuery, reader: Reader): Promise<Outcome<PropertyDetail>> {
    const catalog = publiclyVisible(await this.catalogs.read(reader.tenantId, { id: query.propertyId }));
    if (query.currency === undefined) return this.kept.of(catalog, () => this.present(catalog, undefined));
    return this.present(catalog, query.currency);
  }

  private async present(catalog: PropertyCatalog, currency: string | undefined): Promise<Outcome<PropertyDetail>> {
    const property = catalog.property;
    const loaded = await this.readModel.present(catalog, currency);
    return new Outcome(
      { ...propertyView(property), ...loaded.display, room_types: loaded.roomTypes },
      { next_actions: [...loaded.quoteActions, catalogNextActions.searchProperty(property.id), catalogNextActions.getPropertyFull(property.slug)] },
    );
  }
}
