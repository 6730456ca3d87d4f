import type { NextAction } from '@hcs/contracts';

/** The next steps catalog answers point to. */
export const catalogNextActions = {
  getProperty: (propertyId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/properties/${propertyId}` }),
  getPropertyFull: (slug: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/properties/${slug}/full` }),
  propertyPage: (limit: number, cursor: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/properties?limit=${limit}&cursor=${cursor}` }),
  search: (): NextAction => ({ rel: 'search', method: 'POST', href: '/v1/search' }),
  searchProperty: (propertyId: string): NextAction => ({
    rel: 'search',
    method: 'POST',
    href: '/v1/search',
    body_hint: { destination: { type: 'property', value: propertyId } },
  }),
  getAdminProperty: (propertyId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/properties/${propertyId}` }),
};
