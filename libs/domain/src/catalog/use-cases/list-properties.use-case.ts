import { Injectable } from '@nestjs/common';
import { Outcome, NextAction } from '@hcs/contracts';
import { PropertyRepository } from '../ports/catalog.repository';
import { PropertyView, propertyView } from '../catalog-views';
import { decodePropertyCursor, encodePropertyCursor } from '../rules/property-cursor';

export interface ListPropertiesQuery {
  tenantId: string;
  limit: number;
  cursor?: string;
}

export interface PropertyPage {
  items: PropertyView[];
  next_cursor: string | null;
}

/** Promoted properties of a tenant, ordered by slug, one cursor page at a time. */
@Injectable()
export class ListProperties {
  constructor(private readonly properties: PropertyRepository) {}

  async execute(query: ListPropertiesQuery): Promise<Outcome<PropertyPage>> {
    const afterSlug = query.cursor ? decodePropertyCursor(query.cursor) : null;
    // One extra row tells whether another page exists without a count query.
    const rows = await this.properties.list(query.tenantId, { afterSlug, limit: query.limit + 1 }, true);
    const page = rows.slice(0, query.limit);
    const nextCursor = rows.length > query.limit ? encodePropertyCursor(page[page.length - 1].slug) : null;
    const nextActions: NextAction[] = page.map((p) => ({ rel: 'get', method: 'GET', href: `/v1/properties/${p.id}` }));
    if (nextCursor) nextActions.push({ rel: 'get', method: 'GET', href: `/v1/properties?limit=${query.limit}&cursor=${nextCursor}` });
    nextActions.push({ rel: 'search', method: 'POST', href: '/v1/search' });
    return new Outcome({ items: page.map(propertyView), next_cursor: nextCursor }, { next_actions: nextActions });
  }
}
