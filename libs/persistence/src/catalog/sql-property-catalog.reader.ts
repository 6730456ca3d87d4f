import { Injectable } from '@nestjs/common';
import { DataSource, EntityMetadata } from 'typeorm';
import { PropertyCatalog, PropertyCatalogReader } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { toPolicy, toProperty, toRatePlan, toRoomType } from './catalog.mapper';
import { PolicyOrmEntity } from './policy.orm-entity';
import { PropertyOrmEntity } from './property.orm-entity';
import { RatePlanOrmEntity } from './rate-plan.orm-entity';
import { RoomTypeOrmEntity } from './room-type.orm-entity';

type JsonRow = Record<string, unknown>;

interface PropertyCatalogRow {
  property: JsonRow;
  room_types: JsonRow[];
  rate_plans: JsonRow[];
  policies: JsonRow[];
}

/**
 * A jsonb row as its ORM entity: the entity's own column names and transformers do the mapping,
 * so the catalog mappers (and so the read model) see exactly what a repository read gives them.
 */
function asEntity<T>(metadata: EntityMetadata, raw: JsonRow): T {
  const entity: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    let value = raw[column.databaseName];
    if (value !== null && value !== undefined && (column.type === 'timestamptz' || column.type === 'timestamp')) value = new Date(value as string);
    const transformer = Array.isArray(column.transformer) ? undefined : column.transformer;
    if (transformer) value = transformer.from(value);
    entity[column.propertyName] = value;
  }
  return entity as T;
}

/** Property, room types, rate plans and policies in one statement (jsonb aggregates). */
@Injectable()
export class SqlPropertyCatalogReader extends PropertyCatalogReader {
  constructor(
    private readonly sql: SqlClient,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null> {
    const by = 'id' in key ? 'p.id = $2::uuid' : 'p.slug = $2';
    const rows = await this.sql.rows<PropertyCatalogRow>(
      `SELECT to_jsonb(p) AS property,
              COALESCE((SELECT jsonb_agg(to_jsonb(rt) ORDER BY rt.created_at, rt.code) FROM room_types rt
                         WHERE rt.tenant_id = p.tenant_id AND rt.property_id = p.id), '[]') AS room_types,
              COALESCE((SELECT jsonb_agg(to_jsonb(rp) ORDER BY rp.created_at, rp.code) FROM rate_plans rp
                         WHERE rp.tenant_id = p.tenant_id AND rp.property_id = p.id), '[]') AS rate_plans,
              COALESCE((SELECT jsonb_agg(to_jsonb(pol)) FROM policies pol
                         WHERE pol.tenant_id = p.tenant_id
                           AND (pol.property_id = p.id
                                OR pol.id IN (SELECT policy_id FROM rate_plans WHERE tenant_id = p.tenant_id AND property_id = p.id))), '[]') AS policies
         FROM properties p WHERE p.tenant_id = $1 AND ${by}`,
      [tenantId, 'id' in key ? key.id : key.slug],
    );
    const row = rows[0];
    if (!row) return null;
    const meta = (entity: Parameters<DataSource['getMetadata']>[0]) => this.dataSource.getMetadata(entity);
    return {
      property: toProperty(asEntity(meta(PropertyOrmEntity), row.property)),
      roomTypes: row.room_types.map((r) => toRoomType(asEntity(meta(RoomTypeOrmEntity), r))),
      ratePlans: row.rate_plans.map((r) => toRatePlan(asEntity(meta(RatePlanOrmEntity), r))),
      policies: row.policies.map((r) => toPolicy(asEntity(meta(PolicyOrmEntity), r))),
    };
  }
}
