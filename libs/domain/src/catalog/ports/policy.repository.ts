import type { Policy, PolicyFields } from '../catalog';

/** Port: versioned cancellation policies; a version row is never changed once written. */
export abstract class PolicyRepository {
  abstract createVersion(tenantId: string, propertyId: string, code: string, version: string, fields: PolicyFields): Promise<Policy>;
  abstract findById(tenantId: string, id: string): Promise<Policy | null>;
  /** The newest version of a policy code, or null. */
  abstract findCurrent(tenantId: string, propertyId: string, code: string): Promise<Policy | null>;
  /** Every version of a code, newest first. */
  abstract listVersions(tenantId: string, propertyId: string, code: string): Promise<Policy[]>;
  /** The newest version of every code of these properties. */
  abstract listCurrent(tenantId: string, propertyIds: string[]): Promise<Policy[]>;
  /** Locks the (property, code) lineage for the rest of the transaction, so versions do not collide. */
  abstract lockLineage(tenantId: string, propertyId: string, code: string): Promise<void>;
}
