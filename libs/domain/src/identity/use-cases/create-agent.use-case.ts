import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import type { Money } from '../../money/money';
import { requireKind } from '../rules/access';
import { issueSecret } from '../rules/credential-secret';
import { CredentialRepository, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential, Principal, Scope, SCOPES } from '../principal';

export interface CreateAgentCommand {
  name: string;
  /** Defaults to every scope (docs/api-contract.md "Identity, tenancy and scopes"). */
  scopes?: Scope[];
  bookingLimit?: Money | null;
}

/** A credential with its secret, as issued: the only time the secret is ever shown. */
export interface IssuedCredential {
  credential: Credential;
  secret: string;
}

export interface AgentWithSecret {
  agent: Principal;
  issued: IssuedCredential;
}

/** Creates an agent of the admin's tenant with its first credential, atomically. */
@Injectable()
export class CreateAgent {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  @Transactional()
  async execute(caller: Caller, command: CreateAgentCommand): Promise<AgentWithSecret> {
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
    return { agent, issued: { credential, secret: issued.secret } };
  }
}
