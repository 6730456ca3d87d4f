import type { NextAction } from '@hcs/contracts';

/** The next steps an admin's webhook answers point to. */
export const webhookNextActions = {
  getEndpoint: (endpointId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/webhooks/${endpointId}` }),
  listDeliveries: (endpointId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/webhooks/${endpointId}/deliveries` }),
};
