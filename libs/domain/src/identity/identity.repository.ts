import type { Credential, Principal, PrincipalKind, Scope } from './principal';
import type { Money } from '../money/money';

export interface NewPrincipal {
  tenantId: string;
  kind: PrincipalKind;
  name: string;
  scopes: Scope[];
  bookingLimit?: Money | null;
}

export interface NewCredential {
  tenantId: string;
  principalId: string;
  secretHash: string;
  secretPrefix: string;
}

/** Port: principals of a tenant. Every read takes the tenant id. */
export abstract class PrincipalRepository {
  abstract create(input: NewPrincipal): Promise<Principal>;
  abstract findById(tenantId: string, id: string): Promise<Principal | null>;
}

/** Port: hashed credentials. */
export abstract class CredentialRepository {
  abstract create(input: NewCredential): Promise<Credential>;
  /** The live (not revoked) credential with this secret hash and its active principal. */
  abstract findLiveByHash(secretHash: string): Promise<{ credential: Credential; principal: Principal } | null>;
}
