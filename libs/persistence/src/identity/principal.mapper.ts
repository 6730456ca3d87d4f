import type { Credential, Principal, Scope } from '@hcs/domain';
import type { CredentialOrmEntity } from './credential.orm-entity';
import type { PrincipalOrmEntity } from './principal.orm-entity';

export function toPrincipal(row: PrincipalOrmEntity): Principal {
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    name: row.name,
    status: row.status,
    scopes: row.scopes as Scope[],
    bookingLimit:
      row.bookingLimitAmount === null || row.bookingLimitCurrency === null
        ? null
        : { amount: Number(row.bookingLimitAmount), currency: row.bookingLimitCurrency },
    createdAt: row.createdAt,
  };
}

export function toCredential(row: CredentialOrmEntity): Credential {
  return {
    id: row.id,
    tenantId: row.tenantId,
    principalId: row.principalId,
    secretPrefix: row.secretPrefix,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
  };
}
