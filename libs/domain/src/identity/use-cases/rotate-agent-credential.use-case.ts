import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { issueSecret } from '../rules/credential-secret';
import { CredentialRepository, PrincipalRepository } from '../ports/identity.repository';
import { Caller } from '../principal';
import { isUuid } from '../rules/uuid';
import type { AgentWithSecret } from './create-agent.use-case';

/** Issues an additional credential for an agent; the old ones stay valid until revoked. */
@Injectable()
export class RotateAgentCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(caller: Caller, agentId: string): Promise<AgentWithSecret> {
    requireKind(caller, 'admin');
    const agent = isUuid(agentId) ? await this.principals.findByIdAndKind(caller.tenantId, agentId, 'agent') : null;
    if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
    const issued = issueSecret('agent');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: agent.id,
      secretHash: issued.hash,
      secretPrefix: issued.prefix,
    });
    return { agent, issued: { credential, secret: issued.secret } };
  }
}
