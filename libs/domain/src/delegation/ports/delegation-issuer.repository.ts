import type { Jwk } from '../../identity/ports/signing-key.repository';

export const ISSUER_STATUSES = ['active', 'suspended', 'revoked'] as const;
export type IssuerStatus = (typeof ISSUER_STATUSES)[number];

export interface JwkSet {
  keys: Jwk[];
}

/**
 * A trusted issuer of traveler delegation JWTs: platform-wide (`tenantId` null, registered by the
 * operator CLI) or a tenant's own. Keys come inline (`jwks`) or from `jwksUrl`, never both.
 */
export interface DelegationIssuer {
  id: string;
  tenantId: string | null;
  iss: string;
  name: string;
  status: IssuerStatus;
  jwksUrl: string | null;
  jwks: JwkSet | null;
  allowedAudiences: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface NewDelegationIssuer {
  tenantId: string | null;
  iss: string;
  name: string;
  jwksUrl: string | null;
  jwks: JwkSet | null;
  allowedAudiences: string[];
}

/** Port: delegation issuers. Tenant methods take the tenant id; platform methods say so. */
export abstract class DelegationIssuerRepository {
  /** Null when the `iss` is already registered in the same scope (tenant or platform). */
  abstract create(input: NewDelegationIssuer): Promise<DelegationIssuer | null>;
  abstract findForTenant(tenantId: string, id: string): Promise<DelegationIssuer | null>;
  abstract listForTenant(tenantId: string): Promise<DelegationIssuer[]>;
  abstract updateStatus(tenantId: string, id: string, status: IssuerStatus): Promise<DelegationIssuer | null>;
  abstract listPlatform(): Promise<DelegationIssuer[]>;
  abstract findPlatformByIss(iss: string): Promise<DelegationIssuer | null>;
  abstract updatePlatformStatus(iss: string, status: IssuerStatus): Promise<DelegationIssuer | null>;
  /** Creates or refreshes (name, keys, audiences) a platform issuer; used for the demo issuer. */
  abstract upsertPlatform(input: Omit<NewDelegationIssuer, 'tenantId'>): Promise<DelegationIssuer>;
  /** The issuer a tenant's requests trust for `iss`: the platform's first (it wins over a tenant issuer that took the same `iss` earlier, docs/security.md "Issuer shadowing"), else the tenant's own. */
  abstract findTrusted(tenantId: string, iss: string): Promise<DelegationIssuer | null>;
}
