import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import type { Money } from '../../money/money';
import { requireKind } from '../rules/access';
import { issueSecret } from '../rules/credential-secret';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import { Caller, Scope, SCOPES } from '../principal';
import { agentView, AgentWithSecretView, issuedCredentialView } from '../identity.views';
import { agentNextActions } from '../next-actions';

export interface CreateAgentCommand {
  name: string;
  /** Defaults to every scope (docs/identity.md). */
  scopes?: Scope[];
  bookingLimit?: Money | null;
}

/** Creates an agent of the admin's tenant with its first credential, atomically; the secret is shown only in this answer. */
@Injectable()
export class CreateAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  @Transactional()
  async execute(command: CreateAgentCommand, caller: Caller): Promise<Outcome<AgentWithSecretView>> {
    requireKind(caller, 'admin');
    const scopes = command.scopes ? SCOPES.filter((s) => command.scopes?.includes(s)) : [...SCOPES];
    const agent = await this.principals.create({
      tenantId: caller.tenantId,
      kind: 'agent',
      name: command.name,
      scopes,
      bookingLimit: command.bookingLimit ?? null,
    });
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
