import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { requireKind } from '../rules/access';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { AgentView, agentView } from '../identity.views';

/** The list takes no filter today; the query keeps the one use-case form. */
export type ListAgentsQuery = Record<string, never>;

/** Every agent of the admin's tenant, oldest first. */
@Injectable()
export class ListAgents {
  constructor(private readonly principals: PrincipalRepository) {}

  async execute(_query: ListAgentsQuery, caller: Caller): Promise<Outcome<{ items: AgentView[] }>> {
    requireKind(caller, 'admin');
    const agents = await this.principals.listByKind(caller.tenantId, 'agent');
    return new Outcome({ items: agents.map(agentView) });
  }
}
