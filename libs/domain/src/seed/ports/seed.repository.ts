import type { Principal, PrincipalKind } from '../../identity/principal';
import type { Tenant } from '../../tenancy/ports/tenant.repository';

/** A city of the generated benchmark catalog. */
export interface BenchCity {
  city: string;
  region: string;
  country: string;
  timezone: string;
  currency: string;
  lat: number;
  lng: number;
}

/**
 * Port: what the operator seeds need beyond the regular use cases: finding their own tenant and
 * principals again by name (seeds are idempotent), revoking the keys they rotate, and bulk
 * inserting a benchmark catalog in a few statements.
 */
export abstract class SeedRepository {
  abstract findTenantByName(name: string): Promise<Tenant | null>;
  abstract findPrincipalByName(tenantId: string, kind: PrincipalKind, name: string): Promise<Principal | null>;
  /** Revokes every live credential of a principal; returns how many. */
  abstract revokeCredentials(tenantId: string, principalId: string): Promise<number>;
  abstract countPromotedProperties(tenantId: string): Promise<number>;
  /** Inserts `count` promoted properties with 2-4 room types of 2 rate plans each, spread over `cities`. */
  abstract insertBenchCatalog(tenantId: string, count: number, cities: BenchCity[]): Promise<void>;
}
