import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { CredentialRepository, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential, Principal } from '../principal';
import { isUuid } from '../rules/uuid';

export interface AgentWithCredentials {
  agent: Principal;
  credentials: Credential[];
}

/** One agent of the admin's tenant with its credentials (never their secrets). */
@Injectable()
export class GetAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(caller: Caller, agentId: string): Promise<AgentWithCredentials> {
    requireKind(caller, 'admin');
    const agent = isUuid(agentId) ? await this.principals.findByIdAndKind(caller.tenantId, agentId, 'agent') : null;
    if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
    return { agent, credentials: await this.credentials.listByPrincipal(caller.tenantId, agent.id) };
  }
}
