import { Injectable } from '@nestjs/common';
import { PropertyCatalog, PropertyCatalogReader } from '@hcs/domain';
import type { JsonRow } from '../sql/json-row';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { policyFromJson, PolicyRow } from './policy-row';
import { propertyFromJson, PropertyRow } from './property-row';
import { ratePlanFromJson, RatePlanRow } from './rate-plan-row';
import { roomTypeFromJson, RoomTypeRow } from './room-type-row';

/** One property's rows as jsonb: each table's own row type, timestamps as strings. */
interface PropertyCatalogRow {
  property: JsonRow<PropertyRow>;
  room_types: Array<JsonRow<RoomTypeRow>>;
  rate_plans: Array<JsonRow<RatePlanRow>>;
  policies: Array<JsonRow<PolicyRow>>;
}

/**
 * Property, room types, rate plans and policies in one statement (jsonb aggregates). The policies
 * are the property's own and those its rate plans name, gathered as a union of two index probes
 * (an `OR` of the two conditions scanned every policy of every tenant).
 */
const propertyCatalog = (by: string) =>
  statement<[tenantId: string, key: string], PropertyCatalogRow>(
    `SELECT to_jsonb(p) AS property,
            COALESCE((SELECT jsonb_agg(to_jsonb(rt) ORDER BY rt.created_at, rt.code) FROM room_types rt
                       WHERE rt.tenant_id = p.tenant_id AND rt.property_id = p.id), '[]') AS room_types,
            COALESCE((SELECT jsonb_agg(to_jsonb(rp) ORDER BY rp.created_at, rp.code) FROM rate_plans rp
                       WHERE rp.tenant_id = p.tenant_id AND rp.property_id = p.id), '[]') AS rate_plans,
            COALESCE((SELECT jsonb_agg(to_jsonb(pol)) FROM policies pol
                       WHERE pol.tenant_id = p.tenant_id
                         AND pol.id IN (SELECT id FROM policies WHERE tenant_id = p.tenant_id AND property_id = p.id
                                        UNION SELECT policy_id FROM rate_plans WHERE tenant_id = p.tenant_id AND property_id = p.id)), '[]') AS policies
       FROM properties p WHERE p.tenant_id = $1 AND ${by}`,
  );
const catalogById = propertyCatalog('p.id = $2::uuid');
const catalogBySlug = propertyCatalog('p.slug = $2');

@Injectable()
export class SqlPropertyCatalogReader extends PropertyCatalogReader {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null> {
    const [row] = 'id' in key ? await this.sql.run(catalogById, [tenantId, key.id]) : await this.sql.run(catalogBySlug, [tenantId, key.slug]);
    if (!row) return null;
    return {
      property: propertyFromJson(row.property),
      roomTypes: row.room_types.map(roomTypeFromJson),
      ratePlans: row.rate_plans.map(ratePlanFromJson),
      policies: row.policies.map(policyFromJson),
    };
  }
}
