import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { AdminPropertyView, adminPropertyView } from '../catalog-views';
import { catalogNextActions } from '../next-actions';
import { PropertyRepository } from '../ports/property.repository';
import { decodePropertyCursor, encodePropertyCursor } from '../rules/property-cursor';

export interface ListAdminPropertiesQuery {
  limit: number;
  cursor?: string;
}

/** What admins list: every property of their tenant, promoted or not, ordered by slug. */
@Injectable()
export class ListAdminProperties {
  constructor(private readonly properties: PropertyRepository) {}

  async execute(query: ListAdminPropertiesQuery, caller: Caller): Promise<Outcome<{ items: AdminPropertyView[]; next_cursor: string | null }>> {
    const { limit, cursor } = query;
    const afterSlug = cursor ? decodePropertyCursor(cursor) : null;
    const rows = await this.properties.list(caller.tenantId, { afterSlug, limit: limit + 1 }, false);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? encodePropertyCursor(page[page.length - 1].slug) : null;
    return new Outcome({ items: page.map(adminPropertyView), next_cursor: next }, { next_actions: page.map((p) => catalogNextActions.getAdminProperty(p.id)) });
  }
}
