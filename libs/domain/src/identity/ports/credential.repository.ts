import type { Credential, Principal } from '../principal';

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
