import type { DelegationIssuer } from './ports/delegation-issuer.repository';

/** An issuer as its tenant admin sees it. */
export function delegationIssuerView(issuer: DelegationIssuer) {
  return {
    id: issuer.id,
    iss: issuer.iss,
    name: issuer.name,
    status: issuer.status,
    jwks_url: issuer.jwksUrl,
    jwks: issuer.jwks,
    allowed_audiences: issuer.allowedAudiences,
    created_at: issuer.createdAt.toISOString(),
    updated_at: issuer.updatedAt.toISOString(),
  };
}
export type DelegationIssuerView = ReturnType<typeof delegationIssuerView>;

/** An issuer in the public list at /.well-known/delegation-issuers (docs/identity.md). */
export type PublicDelegationIssuerView = Pick<DelegationIssuerView, 'iss' | 'name' | 'status' | 'jwks_url' | 'allowed_audiences'>;

export function publicDelegationIssuerView(issuer: DelegationIssuer): PublicDelegationIssuerView {
  return { iss: issuer.iss, name: issuer.name, status: issuer.status, jwks_url: issuer.jwksUrl, allowed_audiences: issuer.allowedAudiences };
}
