import type { DelegationIssuer } from '@hcs/domain';

/** An issuer as its tenant admin sees it. */
export function issuerJson(issuer: DelegationIssuer) {
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

/** An issuer in the public list (SPEC "Delegation issuer (public list item)"). */
export function publicIssuerJson(issuer: DelegationIssuer) {
  return { iss: issuer.iss, name: issuer.name, status: issuer.status, jwks_url: issuer.jwksUrl, allowed_audiences: issuer.allowedAudiences };
}
