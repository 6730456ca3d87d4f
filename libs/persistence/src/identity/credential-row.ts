import type { Credential, CredentialMatch, PrincipalKind, PrincipalStatus, Scope } from '@hcs/domain';
import { statement } from '../sql/statement';
import { toPrincipal } from './principal-row';

/**
 * The columns, row types, statements and mappers of `credentials` (API keys: only the SHA-256 of
 * the secret and its first characters are stored).
 */
export const CREDENTIAL_COLUMNS = `id, tenant_id, principal_id, secret_prefix, created_at, revoked_at, last_used_at`;

export interface CredentialRow {
  id: string;
  tenant_id: string;
  principal_id: string;
  secret_prefix: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export const insertCredential = statement<[tenantId: string, principalId: string, secretHash: string, secretPrefix: string], CredentialRow>(
  `INSERT INTO credentials (tenant_id, principal_id, secret_hash, secret_prefix) VALUES ($1, $2, $3, $4) RETURNING ${CREDENTIAL_COLUMNS}`,
);

export const credentialById = statement<[tenantId: string, principalId: string, id: string], CredentialRow>(
  `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE tenant_id = $1 AND principal_id = $2 AND id = $3`,
);

export const credentialsOfPrincipal = statement<[tenantId: string, principalId: string], CredentialRow>(
  `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE tenant_id = $1 AND principal_id = $2 ORDER BY created_at, id`,
);

export const revokeCredential = statement<[tenantId: string, principalId: string, id: string], { id: string }>(
  `UPDATE credentials SET revoked_at = now() WHERE tenant_id = $1 AND principal_id = $2 AND id = $3 AND revoked_at IS NULL RETURNING id`,
);

/** `last_used_at` only moves forward. */
export const touchCredential = statement<[tenantId: string, id: string, at: Date], { id: string }>(
  `UPDATE credentials SET last_used_at = GREATEST(COALESCE(last_used_at, $3::timestamptz), $3::timestamptz) WHERE tenant_id = $1 AND id = $2 RETURNING id`,
);

/** A live credential with its digest and its principal (whatever the principal's status), in one statement. */
export interface CredentialMatchRow extends CredentialRow {
  secret_hash: string;
  principal_kind: PrincipalKind;
  principal_name: string;
  principal_status: PrincipalStatus;
  principal_scopes: Scope[];
  principal_booking_limit_amount: string | null;
  principal_booking_limit_currency: string | null;
  principal_created_at: Date;
}

const liveMatch = (where: string) =>
  `SELECT c.id, c.tenant_id, c.principal_id, c.secret_prefix, c.created_at, c.revoked_at, c.last_used_at, c.secret_hash,
          p.kind AS principal_kind, p.name AS principal_name, p.status AS principal_status, p.scopes AS principal_scopes,
          p.booking_limit_amount AS principal_booking_limit_amount, p.booking_limit_currency AS principal_booking_limit_currency,
          p.created_at AS principal_created_at
     FROM credentials c
     JOIN principals p ON p.id = c.principal_id AND p.tenant_id = c.tenant_id
    WHERE ${where} AND c.revoked_at IS NULL`;

export const liveCredentialByHash = statement<[secretHash: string], CredentialMatchRow>(liveMatch('c.secret_hash = $1'));
export const liveCredentialById = statement<[id: string], CredentialMatchRow>(liveMatch('c.id = $1'));

export function toCredential(row: CredentialRow): Credential {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    principalId: row.principal_id,
    secretPrefix: row.secret_prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export function toCredentialMatch(row: CredentialMatchRow): CredentialMatch {
  return {
    credential: toCredential(row),
    secretHash: row.secret_hash,
    principal: toPrincipal({
      id: row.principal_id,
      tenant_id: row.tenant_id,
      kind: row.principal_kind,
      name: row.principal_name,
      status: row.principal_status,
      scopes: row.principal_scopes,
      booking_limit_amount: row.principal_booking_limit_amount,
      booking_limit_currency: row.principal_booking_limit_currency,
      created_at: row.principal_created_at,
    }),
  };
}
