import { Injectable, Optional } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential } from '../principal';
import { isUuid } from '../rules/uuid';

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

  async execute(caller: Caller, agentId: string, credentialId: string): Promise<Credential> {
    requireKind(caller, 'admin');
    const agent = isUuid(agentId) ? await this.principals.findByIdAndKind(caller.tenantId, agentId, 'agent') : null;
    if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
    const revoked = isUuid(credentialId) ? await this.credentials.revoke(caller.tenantId, agent.id, credentialId) : null;
    if (!revoked) throw new DomainError('credential_not_found', { detail: { agent_id: agentId, credential_id: credentialId } });
    await this.notifier?.principalChanged(caller.tenantId, agent.id);
    return revoked;
  }
}
