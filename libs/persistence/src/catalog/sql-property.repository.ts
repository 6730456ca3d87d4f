import { Injectable } from '@nestjs/common';
import { PageRequest, Property, PropertyFields, PropertyRepository } from '@hcs/domain';
import { insertRow, updateRow } from '../sql/column-values';
import { SqlClient } from '../sql/sql-client';
import { CatalogChangeFeed } from './catalog-change-feed';
import {
  markPropertyPromoted,
  PROPERTY_COLUMNS,
  propertyById,
  propertyBySlug,
  propertyColumnValues,
  propertyPage,
  PropertyRow,
  toProperty,
} from './property-row';

@Injectable()
export class SqlPropertyRepository extends PropertyRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  async create(tenantId: string, fields: PropertyFields): Promise<Property> {
    const insert = insertRow('properties', [['tenant_id', tenantId], ...propertyColumnValues(fields)], PROPERTY_COLUMNS);
    const [row] = await this.sql.rows<PropertyRow>(insert.text, insert.values);
    this.changes.changedHere(tenantId);
    return toProperty(row);
  }

  /** Every update stamps `updated_at`, even one that sets nothing else. */
  async update(tenantId: string, id: string, patch: Partial<PropertyFields>): Promise<Property | null> {
    const update = updateRow(
      'properties',
      propertyColumnValues(patch),
      [
        ['tenant_id', tenantId],
        ['id', id],
      ],
      PROPERTY_COLUMNS,
      ['updated_at = now()'],
    );
    if (!update) return this.findById(tenantId, id);
    const [row] = await this.sql.rows<PropertyRow>(update.text, update.values);
    this.changes.changedHere(tenantId);
    return row ? toProperty(row) : null;
  }

  async findById(tenantId: string, id: string): Promise<Property | null> {
    const [row] = await this.sql.run(propertyById, [tenantId, id]);
    return row ? toProperty(row) : null;
  }

  async findBySlug(tenantId: string, slug: string): Promise<Property | null> {
    const [row] = await this.sql.run(propertyBySlug, [tenantId, slug]);
    return row ? toProperty(row) : null;
  }

  async list(tenantId: string, page: PageRequest, promotedOnly: boolean): Promise<Property[]> {
    const rows = await this.sql.run(propertyPage, [tenantId, promotedOnly, page.afterSlug, page.limit]);
    return rows.map(toProperty);
  }

  async markPromoted(tenantId: string, id: string, at: Date): Promise<void> {
    await this.sql.run(markPropertyPromoted, [tenantId, id, at]);
    this.changes.changedHere(tenantId);
  }
}
