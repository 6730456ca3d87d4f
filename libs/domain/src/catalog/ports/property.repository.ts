import type { PageRequest, Property, PropertyFields } from '../catalog';

/** Port: properties of a tenant. Every method takes the tenant id. */
export abstract class PropertyRepository {
  abstract create(tenantId: string, fields: PropertyFields): Promise<Property>;
  abstract update(tenantId: string, id: string, patch: Partial<PropertyFields>): Promise<Property | null>;
  abstract findById(tenantId: string, id: string): Promise<Property | null>;
  abstract findBySlug(tenantId: string, slug: string): Promise<Property | null>;
  /** Properties ordered by slug, after the cursor slug; `promotedOnly` for public reads. */
  abstract list(tenantId: string, page: PageRequest, promotedOnly: boolean): Promise<Property[]>;
  abstract markPromoted(tenantId: string, id: string, at: Date): Promise<void>;
}
