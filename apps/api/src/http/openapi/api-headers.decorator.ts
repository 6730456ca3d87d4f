import { ApiHeader } from '@nestjs/swagger';

/** `X-Tenant-Id` on bearer routes: an optional hint that must match the credential's tenant (docs/api-contract.md "Identity, tenancy and scopes"). */
export const ApiTenantHeader = () =>
  ApiHeader({
    name: 'X-Tenant-Id',
    required: false,
    description:
      "Optional hint (development and internal flows): the tenant UUID. When sent it must equal the credential's tenant, else resource_access_denied.",
    schema: { type: 'string', format: 'uuid' },
  });

/** `X-Delegated-User` on the routes that act for a traveler (`@RequiresDelegation()`). */
export const ApiDelegationHeader = () =>
  ApiHeader({
    name: 'X-Delegated-User',
    required: true,
    description:
      'Delegation JWT (RS256 or ES256) of the traveler the agent acts for, from a trusted issuer (/.well-known/delegation-issuers); claims iss, sub, aud (the platform audience), exp. A leading "Bearer " is tolerated.',
  });
