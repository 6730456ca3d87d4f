import type { Credential, Money, Principal } from '@hcs/domain';

export interface AgentJson {
  id: string;
  name: string;
  status: 'active' | 'disabled';
  scopes: string[];
  booking_limit: Money | null;
  created_at: string;
}

export interface CredentialJson {
  id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export function agentJson(agent: Principal): AgentJson {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    scopes: agent.scopes,
    booking_limit: agent.bookingLimit,
    created_at: agent.createdAt.toISOString(),
  };
}

/** A credential as listed: never its secret or digest. */
export function credentialJson(credential: Credential): CredentialJson {
  return {
    id: credential.id,
    prefix: credential.secretPrefix,
    created_at: credential.createdAt.toISOString(),
    revoked_at: credential.revokedAt?.toISOString() ?? null,
    last_used_at: credential.lastUsedAt?.toISOString() ?? null,
  };
}
