import type { Policy, Property, RatePlan, RoomType } from '../catalog';

/** A property with everything its public read shows, read at once. */
export interface PropertyCatalog {
  property: Property;
  /** In display order (created, then code). */
  roomTypes: RoomType[];
  ratePlans: RatePlan[];
  /** Every policy version of the property and any other policy one of its rate plans points at. */
  policies: Policy[];
}

/**
 * Port: the public read of one property in one round trip (docs/performance.md); null when the
 * tenant has no such property. An adapter may answer many reads with one copy it keeps; such a
 * copy is frozen (it never changes), so what is worked out from it may be kept with it
 * (`ViewsOfKeptCopies`).
 */
export abstract class PropertyCatalogReader {
  abstract read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null>;
}
