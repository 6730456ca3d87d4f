import type { Money } from '../money/money';
import type { Credential, Principal, PrincipalStatus, Scope } from './principal';

/** An agent as admins read it (docs/identity.md). */
export interface AgentView {
  id: string;
  name: string;
  status: PrincipalStatus;
  scopes: Scope[];
  booking_limit: Money | null;
  created_at: string;
}

/** A credential as listed: never its secret or digest. */
export interface CredentialView {
  id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** A credential as issued: the only answer that ever shows its secret. */
export interface IssuedCredentialView {
  id: string;
  secret: string;
  prefix: string;
  created_at: string;
}

/** Agent creation and credential rotation: the agent and the credential just issued. */
export interface AgentWithSecretView {
  agent: AgentView;
  credential: IssuedCredentialView;
}

export function agentView(agent: Principal): AgentView {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    scopes: agent.scopes,
    booking_limit: agent.bookingLimit,
    created_at: agent.createdAt.toISOString(),
  };
}

export function credentialView(credential: Credential): CredentialView {
  return {
    id: credential.id,
    prefix: credential.secretPrefix,
    created_at: credential.createdAt.toISOString(),
    revoked_at: credential.revokedAt?.toISOString() ?? null,
    last_used_at: credential.lastUsedAt?.toISOString() ?? null,
  };
}

export function issuedCredentialView(credential: Credential, secret: string): IssuedCredentialView {
  return { id: credential.id, secret, prefix: credential.secretPrefix, created_at: credential.createdAt.toISOString() };
}
