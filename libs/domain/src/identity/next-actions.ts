import type { NextAction } from '@hcs/contracts';

/** The next steps an admin's agent answers point to. */
export const agentNextActions = {
  get: (agentId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/agents/${agentId}` }),
};
