import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { PrincipalPatch, PrincipalRepository } from '../ports/principal.repository';
import { Caller, SCOPES } from '../principal';
import { isUuid } from '../rules/uuid';
import { AgentView, agentView } from '../identity.views';
import { agentNextActions } from '../next-actions';

export interface UpdateAgentCommand extends PrincipalPatch {
  agentId: string;
}

/**
 * Renames an agent, disables or re-enables it, narrows or widens its scopes, sets or clears its
 * booking limit. A disabled agent's API keys and access tokens stop working. A patch that changes
 * nothing is `validation_failed`.
 */
@Injectable()
export class UpdateAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(command: UpdateAgentCommand, caller: Caller): Promise<Outcome<AgentView>> {
    requireKind(caller, 'admin');
    const { agentId, ...patch } = command;
    if (Object.values(patch).every((v) => v === undefined))
      throw validationFailed([{ path: '', message: 'give at least one of name, status, scopes, booking_limit' }]);
    const normalized: PrincipalPatch = { ...patch, scopes: patch.scopes ? SCOPES.filter((s) => patch.scopes?.includes(s)) : undefined };
    const agent = isUuid(agentId) ? await this.principals.update(caller.tenantId, agentId, 'agent', normalized) : null;
    if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
    // One statement, already committed: other processes drop their cached lookups now.
    await this.notifier?.principalChanged(caller.tenantId, agent.id);
    return new Outcome(agentView(agent), { next_actions: [agentNextActions.get(agent.id)] });
  }
}
