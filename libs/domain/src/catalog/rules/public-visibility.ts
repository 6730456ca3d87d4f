import { DomainError } from '../../errors/domain-error';
import type { PropertyCatalog } from '../ports/property-catalog.reader';

/** Public reads show promoted properties only; anything else is `property_not_found` (no leak). */
export function publiclyVisible(catalog: PropertyCatalog | null): PropertyCatalog {
  if (!catalog || catalog.property.promotedAt === null) throw new DomainError('property_not_found');
  return catalog;
}
