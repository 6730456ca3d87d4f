import type { Money, PrincipalKind, Scope } from '@hcs/domain';

/** Who is calling, resolved from the bearer credential. Use cases take this, never a request. */
export interface Actor {
  tenantId: string;
  principalId: string;
  kind: PrincipalKind;
  /** Effective scopes: for an access token, those it was granted that the agent still has. */
  scopes: Scope[];
  bookingLimit: Money | null;
  /** How the caller authenticated. */
  via: 'api_key' | 'oauth';
  /**
   * The credential behind the call: the API key's id, or for an access token the credential that
   * minted it. Rate limits count per credential, so minting new tokens does not reset them.
   */
  credentialId: string;
  /** The access token's `jti` (OAuth only). */
  tokenId?: string;
}

/** The traveler a delegation JWT speaks for (verified `iss` and `sub`). */
export interface Traveler {
  iss: string;
  sub: string;
}

/** Request fields the auth guards fill in; only decorators, guards and the logger read them. */
/** The token facts of a verified delegation that a booking needs for its replay check. */
export interface DelegationToken {
  jti: string | null;
  expiresAt: Date;
}

export interface AuthenticatedRequest {
  actor?: Actor;
  traveler?: Traveler;
  delegation?: DelegationToken;
  /** Tenant of an anonymous catalog read (from X-Tenant-Id). */
  anonymousTenantId?: string;
}
