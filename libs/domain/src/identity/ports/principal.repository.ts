import type { Principal, PrincipalKind, PrincipalStatus, Scope } from '../principal';
import type { Money } from '../../money/money';

export interface NewPrincipal {
  tenantId: string;
  kind: PrincipalKind;
  name: string;
  scopes: Scope[];
  bookingLimit?: Money | null;
}

/** Fields an admin may change on a principal; `undefined` leaves a field as it is. */
export interface PrincipalPatch {
  name?: string;
  status?: PrincipalStatus;
  scopes?: Scope[];
  bookingLimit?: Money | null;
}

/** Port: principals of a tenant. Every method takes the tenant id. */
export abstract class PrincipalRepository {
  abstract create(input: NewPrincipal): Promise<Principal>;
  abstract findById(tenantId: string, id: string): Promise<Principal | null>;
  abstract findByIdAndKind(tenantId: string, id: string, kind: PrincipalKind): Promise<Principal | null>;
  abstract listByKind(tenantId: string, kind: PrincipalKind): Promise<Principal[]>;
  /** Applies the patch to a principal of that kind; null when there is none in the tenant. */
  abstract update(tenantId: string, id: string, kind: PrincipalKind, patch: PrincipalPatch): Promise<Principal | null>;
}
