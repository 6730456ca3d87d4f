import type { Credential, Principal, PrincipalKind, PrincipalStatus, Scope } from '../principal';
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

export interface NewCredential {
  tenantId: string;
  principalId: string;
  secretHash: string;
  secretPrefix: string;
}

/**
 * A live credential found by a global lookup, with the stored digest (callers re-compare it in
 * constant time) and its principal in whatever status it is (callers decide what "disabled" means).
 */
export interface CredentialMatch {
  credential: Credential;
  secretHash: string;
  principal: Principal;
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

/** Port: hashed credentials. */
export abstract class CredentialRepository {
  abstract create(input: NewCredential): Promise<Credential>;
  /** Global lookup (the secret is the only thing the caller has): the live credential with this digest. */
  abstract findLiveByHash(secretHash: string): Promise<CredentialMatch | null>;
  /** Global lookup by id of a live credential (OAuth tokens name the credential that minted them). */
  abstract findLiveById(credentialId: string): Promise<CredentialMatch | null>;
  abstract listByPrincipal(tenantId: string, principalId: string): Promise<Credential[]>;
  abstract findById(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null>;
  /** Marks it revoked (keeps the first revocation time); null when there is no such credential. */
  abstract revoke(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null>;
  abstract touchLastUsed(tenantId: string, credentialId: string, at: Date): Promise<void>;
}
