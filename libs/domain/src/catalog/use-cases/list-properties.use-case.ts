import { Injectable } from '@nestjs/common';
import { Outcome, NextAction } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { PropertyRepository } from '../ports/property.repository';
import { PropertyView, propertyView } from '../catalog-views';
import { catalogNextActions } from '../next-actions';
import { decodePropertyCursor, encodePropertyCursor } from '../rules/property-cursor';

export interface ListPropertiesQuery {
  limit: number;
  cursor?: string;
}

export interface PropertyPage {
  items: PropertyView[];
  next_cursor: string | null;
}

/** Promoted properties of the reader's tenant, ordered by slug, one cursor page at a time. */
@Injectable()
export class ListProperties {
  constructor(private readonly properties: PropertyRepository) {}

  async execute(query: ListPropertiesQuery, reader: Reader): Promise<Outcome<PropertyPage>> {
    const afterSlug = query.cursor ? decodePropertyCursor(query.cursor) : null;
    // One extra row tells whether another page exists without a count query.
    const rows = await this.properties.list(reader.tenantId, { afterSlug, limit: query.limit + 1 }, true);
    const page = rows.slice(0, query.limit);
    const nextCursor = rows.length > query.limit ? encodePropertyCursor(page[page.length - 1].slug) : null;
    const nextActions: NextAction[] = page.map((p) => catalogNextActions.getProperty(p.id));
    if (nextCursor) nextActions.push(catalogNextActions.propertyPage(query.limit, nextCursor));
    nextActions.push(catalogNextActions.search());
    return new Outcome({ items: page.map(propertyView), next_cursor: nextCursor }, { next_actions: nextActions });
  }
}
