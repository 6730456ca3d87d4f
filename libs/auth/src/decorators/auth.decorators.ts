import { SetMetadata } from '@nestjs/common';
import type { PrincipalKind, Scope } from '@hcs/domain';

export const AUTH_METADATA = {
  public: 'hcs:auth:public',
  anonymousCatalog: 'hcs:auth:anonymous-catalog',
  scopes: 'hcs:auth:scopes',
  principalKinds: 'hcs:auth:principal-kinds',
  delegation: 'hcs:auth:delegation',
  skipRateLimit: 'hcs:auth:skip-rate-limit',
} as const;

/** No credential needed (discovery, health, OAuth token minting). Still rate limited per client IP. */
export const Public = () => SetMetadata(AUTH_METADATA.public, true);

/** A catalog read that may also be called without a bearer when X-Tenant-Id names a tenant. */
export const AnonymousCatalogRead = () => SetMetadata(AUTH_METADATA.anonymousCatalog, true);

/** The agent credential must carry every one of these scopes (`forbidden` otherwise). */
export const Scopes = (...scopes: Scope[]) => SetMetadata(AUTH_METADATA.scopes, scopes);

/** Only these principal kinds may call (`principal_kind_not_allowed` otherwise). */
export const PrincipalKinds = (...kinds: PrincipalKind[]) => SetMetadata(AUTH_METADATA.principalKinds, kinds);

export interface DelegationOptions {
  /**
   * Only these principal kinds must present a delegation; others (a tenant admin) may call
   * without one, and one they send anyway is still verified. Default: every kind.
   */
  requiredFor?: PrincipalKind[];
}

/** The route acts for a traveler and needs a verified `X-Delegated-User` JWT. */
export const RequiresDelegation = (options: DelegationOptions = {}) => SetMetadata(AUTH_METADATA.delegation, options);

/** The route reads for a traveler when one is named: an `X-Delegated-User` JWT, if sent, is verified. */
export const AcceptsDelegation = () => SetMetadata(AUTH_METADATA.delegation, { requiredFor: [] } satisfies DelegationOptions);

export interface SkipRateLimitOptions {
  /**
   * Counted after all (per client IP) when the request carries this header: a static document
   * whose variant named by the header costs a lookup (`/.well-known/delegation-issuers` with
   * `X-Tenant-Id`).
   */
  unlessHeader?: string;
}

/** Never rate limited: the health probes of orchestrators and load balancers, static discovery documents. */
export const SkipRateLimit = (options: SkipRateLimitOptions = {}) =>
  SetMetadata(AUTH_METADATA.skipRateLimit, options.unlessHeader === undefined ? true : { unlessHeader: options.unlessHeader.toLowerCase() });
