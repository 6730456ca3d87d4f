import type { Money } from '../money/money';

export const PRINCIPAL_KINDS = ['admin', 'agent', 'channel'] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/** OAuth-style scopes of agents (docs/api-contract.md "Identity, tenancy and scopes"). Admins are not scoped: their kind decides. */
export const SCOPES = ['catalog:read', 'booking:write', 'booking:read'] as const;
/** The one scope of channel principals: availability, rates and inventory in (docs/channels.md). */
export const CHANNEL_SCOPES = ['ari:write'] as const;
export type Scope = (typeof SCOPES)[number] | (typeof CHANNEL_SCOPES)[number];

export const PRINCIPAL_STATUSES = ['active', 'disabled'] as const;
export type PrincipalStatus = (typeof PRINCIPAL_STATUSES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

export interface Principal {
  id: string;
  tenantId: string;
  kind: PrincipalKind;
  name: string;
  status: PrincipalStatus;
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

/**
 * Who acts, as far as a use case needs to know: the one actor type of every use case (the auth
 * layer's `Actor` satisfies it). Use cases check it first, so a wrong caller is refused even if a
 * route forgot its guard metadata.
 */
export interface Caller {
  tenantId: string;
  principalId: string;
  kind: PrincipalKind;
  /**
   * The agent's limit per booking (docs/booking-chain.md); `null` or absent: none. The auth layer
   * always sets it from the principal, so a request's caller carries the stored limit.
   */
  bookingLimit?: Money | null;
}

/**
 * A public read without a credential: the tenant named by `X-Tenant-Id` (catalog reads, search)
 * or by a feed's `tenant_id`. It has no principal; only public reads accept it.
 */
export interface AnonymousCaller {
  tenantId: string;
  kind: 'anonymous';
}

/** Who may run a public read: a principal of the tenant (`Caller`), or an anonymous caller naming the tenant. */
export type Reader = Caller | AnonymousCaller;

export function anonymousCaller(tenantId: string): AnonymousCaller {
  return { tenantId, kind: 'anonymous' };
}
