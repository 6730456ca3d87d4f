import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { isUuid } from '../rules/uuid';
import { CredentialView, credentialView } from '../identity.views';
import { agentNextActions } from '../next-actions';
import { adminsAgent } from '../services/agent-access';

export interface RevokeAgentCredentialCommand {
  agentId: string;
  credentialId: string;
}

/**
 * Revokes one credential of an agent. Revoking twice is harmless and keeps the first time. The
 * API key and every access token minted with it stop working.
 */
@Injectable()
export class RevokeAgentCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(command: RevokeAgentCredentialCommand, caller: Caller): Promise<Outcome<CredentialView>> {
    const { agentId, credentialId } = command;
    const agent = await adminsAgent(this.principals, caller, agentId);
    const revoked = isUuid(credentialId) ? await this.credentials.revoke(caller.tenantId, agent.id, credentialId) : null;
    if (!revoked) throw new DomainError('credential_not_found', { detail: { agent_id: agentId, credential_id: credentialId } });
    await this.notifier?.principalChanged(caller.tenantId, agent.id);
    return new Outcome(credentialView(revoked), { next_actions: [agentNextActions.get(agentId)] });
  }
}
