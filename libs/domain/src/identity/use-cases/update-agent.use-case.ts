import { Injectable, Optional } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { PrincipalPatch, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Principal, SCOPES } from '../principal';
import { isUuid } from '../rules/uuid';

/**
 * Renames an agent, disables or re-enables it, narrows or widens its scopes, sets or clears its
 * booking limit. A disabled agent's API keys and access tokens stop working.
 */
@Injectable()
export class UpdateAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(caller: Caller, agentId: string, patch: PrincipalPatch): Promise<Principal> {
    requireKind(caller, 'admin');
    const normalized: PrincipalPatch = { ...patch, scopes: patch.scopes ? SCOPES.filter((s) => patch.scopes?.includes(s)) : undefined };
    const agent = isUuid(agentId) ? await this.principals.update(caller.tenantId, agentId, 'agent', normalized) : null;
    if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
    // One statement, already committed: other processes drop their cached lookups now.
    await this.notifier?.principalChanged(caller.tenantId, agent.id);
    return agent;
  }
}
