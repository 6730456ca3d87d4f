import type { Money } from '../money/money';

export const PRINCIPAL_KINDS = ['admin', 'agent'] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/** OAuth-style scopes of agents (CONTRACT §3). Admins are not scoped: their kind decides. */
export const SCOPES = ['catalog:read', 'booking:write', 'booking:read'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Principal {
  id: string;
  tenantId: string;
  kind: PrincipalKind;
  name: string;
  status: 'active' | 'disabled';
  scopes: Scope[];
  bookingLimit: Money | null;
  createdAt: Date;
}

export interface Credential {
  id: string;
  tenantId: string;
  principalId: string;
  secretPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}
