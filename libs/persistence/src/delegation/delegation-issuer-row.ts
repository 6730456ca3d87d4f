import type { DelegationIssuer, IssuerStatus, JwkSet } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The row, statements and mapper of `delegation_issuers` (docs/identity.md). */
export interface DelegationIssuerRow {
  id: string;
  /** Null for a platform issuer (trusted by every tenant). */
  tenant_id: string | null;
  iss: string;
  name: string;
  status: IssuerStatus;
  jwks_url: string | null;
  jwks: JwkSet | null;
  allowed_audiences: string[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, tenant_id, iss, name, status, jwks_url, jwks, allowed_audiences, created_at, updated_at`;

/** The new issuer, or no row when its `iss` is already registered in the same scope (the unique indexes per scope). */
export const insertIssuer = statement<
  [tenantId: string | null, iss: string, name: string, jwksUrl: string | null, jwks: string | null, allowedAudiences: string[]],
  DelegationIssuerRow
>(
  `INSERT INTO delegation_issuers (tenant_id, iss, name, jwks_url, jwks, allowed_audiences) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
   ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
);

export const tenantIssuerById = statement<[tenantId: string, id: string], DelegationIssuerRow>(
  `SELECT ${COLUMNS} FROM delegation_issuers WHERE id = $2 AND tenant_id = $1`,
);

export const tenantIssuers = statement<[tenantId: string], DelegationIssuerRow>(
  `SELECT ${COLUMNS} FROM delegation_issuers WHERE tenant_id = $1 ORDER BY created_at, id`,
);

export const updateTenantIssuerStatus = statement<[tenantId: string, id: string, status: IssuerStatus], DelegationIssuerRow>(
  `UPDATE delegation_issuers SET status = $3, updated_at = now() WHERE id = $2 AND tenant_id = $1 RETURNING ${COLUMNS}`,
);

export const platformIssuers = statement<[], DelegationIssuerRow>(`SELECT ${COLUMNS} FROM delegation_issuers WHERE tenant_id IS NULL ORDER BY created_at, id`);

export const platformIssuerByIss = statement<[iss: string], DelegationIssuerRow>(
  `SELECT ${COLUMNS} FROM delegation_issuers WHERE iss = $1 AND tenant_id IS NULL`,
);

export const updatePlatformIssuerStatus = statement<[iss: string, status: IssuerStatus], DelegationIssuerRow>(
  `UPDATE delegation_issuers SET status = $2, updated_at = now() WHERE iss = $1 AND tenant_id IS NULL RETURNING ${COLUMNS}`,
);

/** Creates a platform issuer or refreshes its name, keys and audiences; an unchanged one is not written. */
export const upsertPlatformIssuer = statement<
  [iss: string, name: string, jwksUrl: string | null, jwks: string | null, allowedAudiences: string[]],
  Record<string, never>
>(
  `INSERT INTO delegation_issuers (tenant_id, iss, name, jwks_url, jwks, allowed_audiences) VALUES (NULL, $1, $2, $3, $4::jsonb, $5)
   ON CONFLICT (tenant_id, iss) WHERE tenant_id IS NULL
   DO UPDATE SET name = EXCLUDED.name, jwks_url = EXCLUDED.jwks_url, jwks = EXCLUDED.jwks,
                 allowed_audiences = EXCLUDED.allowed_audiences, updated_at = now()
   WHERE (delegation_issuers.name, delegation_issuers.jwks_url, delegation_issuers.jwks, delegation_issuers.allowed_audiences)
         IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.jwks_url, EXCLUDED.jwks, EXCLUDED.allowed_audiences)`,
);

/** The issuer of `iss` a tenant's requests trust, its own or the platform's (the order the repository has always used). */
export const trustedIssuer = statement<[tenantId: string, iss: string], DelegationIssuerRow>(
  `SELECT ${COLUMNS} FROM delegation_issuers WHERE iss = $2 AND (tenant_id = $1 OR tenant_id IS NULL)
    ORDER BY tenant_id ASC NULLS FIRST LIMIT 1`,
);

export const toDelegationIssuer = (r: DelegationIssuerRow): DelegationIssuer => ({
  id: r.id,
  tenantId: r.tenant_id,
  iss: r.iss,
  name: r.name,
  status: r.status,
  jwksUrl: r.jwks_url,
  jwks: r.jwks,
  allowedAudiences: r.allowed_audiences,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
