import type { Money, PrincipalKind, Scope } from '@hcs/domain';

/** Who is calling, resolved from the bearer credential. Use cases take this, never a request. */
export interface Actor {
  tenantId: string;
  principalId: string;
  kind: PrincipalKind;
  scopes: Scope[];
  bookingLimit: Money | null;
  /** How the caller authenticated. */
  via: 'api_key' | 'oauth';
  /** The credential id (API key) or token id (`jti`, OAuth). */
  credentialId: string;
}

/** The traveler a delegation JWT speaks for (verified `iss` and `sub`). */
export interface Traveler {
  iss: string;
  sub: string;
}

/** Request fields the auth guards fill in; only decorators and guards read them. */
export interface AuthenticatedRequest {
  actor?: Actor;
  traveler?: Traveler;
  /** Tenant of an anonymous catalog read (from X-Tenant-Id). */
  anonymousTenantId?: string;
}
