import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { AgentView, agentView, CredentialView, credentialView } from '../identity.views';
import { adminsAgent } from '../services/agent-access';

export interface GetAgentCommand {
  agentId: string;
}

export type AgentDetailView = AgentView & { credentials: CredentialView[] };

/** One agent of the admin's tenant with its credentials (never their secrets). */
@Injectable()
export class GetAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(command: GetAgentCommand, caller: Caller): Promise<Outcome<AgentDetailView>> {
    const agent = await adminsAgent(this.principals, caller, command.agentId);
    const credentials = await this.credentials.listByPrincipal(caller.tenantId, agent.id);
    return new Outcome({ ...agentView(agent), credentials: credentials.map(credentialView) });
  }
}
