import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { issueSecret } from '../rules/credential-secret';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { agentView, AgentWithSecretView, issuedCredentialView } from '../identity.views';
import { agentNextActions } from '../next-actions';
import { adminsAgent } from '../services/agent-access';

export interface RotateAgentCredentialCommand {
  agentId: string;
}

/** Issues an additional credential for an agent; the old ones stay valid until revoked. */
@Injectable()
export class RotateAgentCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(command: RotateAgentCredentialCommand, caller: Caller): Promise<Outcome<AgentWithSecretView>> {
    const agent = await adminsAgent(this.principals, caller, command.agentId);
    const issued = issueSecret('agent');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: agent.id,
      secretHash: issued.hash,
      secretPrefix: issued.prefix,
    });
    return new Outcome(
      { agent: agentView(agent), credential: issuedCredentialView(credential, issued.secret) },
      { next_actions: [agentNextActions.get(agent.id)] },
    );
  }
}
