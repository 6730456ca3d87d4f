import type { NextAction } from '@hcs/contracts';

/** The next steps after a tenant admin changed an issuer. */
export const issuerNextActions = {
  get: (issuerId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/delegation-issuers/${issuerId}` }),
};
