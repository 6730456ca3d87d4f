import type { Principal, PrincipalKind, PrincipalPatch, PrincipalStatus, Scope } from '@hcs/domain';
import type { ColumnValue } from '../sql/column-values';
import { statement } from '../sql/statement';

/** The columns, row type, statements and mapper of `principals` (admins and agents of a tenant). */
export const PRINCIPAL_COLUMNS = `id, tenant_id, kind, name, status, scopes, booking_limit_amount, booking_limit_currency, created_at`;

export interface PrincipalRow {
  id: string;
  tenant_id: string;
  kind: PrincipalKind;
  name: string;
  status: PrincipalStatus;
  scopes: Scope[];
  /** bigint, as text. */
  booking_limit_amount: string | null;
  booking_limit_currency: string | null;
  created_at: Date;
}

type NewPrincipalParams = [
  tenantId: string,
  kind: PrincipalKind,
  name: string,
  scopes: Scope[],
  bookingLimitAmount: number | null,
  bookingLimitCurrency: string | null,
];

export const insertPrincipal = statement<NewPrincipalParams, PrincipalRow>(
  `INSERT INTO principals (tenant_id, kind, name, scopes, booking_limit_amount, booking_limit_currency)
   VALUES ($1, $2, $3, $4::text[], $5, $6)
   RETURNING ${PRINCIPAL_COLUMNS}`,
);

export const principalById = statement<[tenantId: string, id: string], PrincipalRow>(
  `SELECT ${PRINCIPAL_COLUMNS} FROM principals WHERE tenant_id = $1 AND id = $2`,
);

export const principalByIdAndKind = statement<[tenantId: string, id: string, kind: PrincipalKind], PrincipalRow>(
  `SELECT ${PRINCIPAL_COLUMNS} FROM principals WHERE tenant_id = $1 AND id = $2 AND kind = $3`,
);

export const principalsOfKind = statement<[tenantId: string, kind: PrincipalKind], PrincipalRow>(
  `SELECT ${PRINCIPAL_COLUMNS} FROM principals WHERE tenant_id = $1 AND kind = $2 ORDER BY created_at, id`,
);

/** The first-created principal of a kind with a name (the seed finds its own by name). */
export const principalByName = statement<[tenantId: string, kind: PrincipalKind, name: string], PrincipalRow>(
  `SELECT ${PRINCIPAL_COLUMNS} FROM principals WHERE tenant_id = $1 AND kind = $2 AND name = $3 ORDER BY created_at LIMIT 1`,
);

/** A patch as column values; only the fields present are set. */
export function principalColumnValues(patch: PrincipalPatch): ColumnValue[] {
  const out: ColumnValue[] = [];
  if (patch.name !== undefined) out.push(['name', patch.name]);
  if (patch.status !== undefined) out.push(['status', patch.status]);
  if (patch.scopes !== undefined) out.push(['scopes', patch.scopes, 'text[]']);
  if (patch.bookingLimit !== undefined) {
    out.push(['booking_limit_amount', patch.bookingLimit?.amount ?? null]);
    out.push(['booking_limit_currency', patch.bookingLimit?.currency ?? null]);
  }
  return out;
}

export function toPrincipal(row: PrincipalRow): Principal {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    scopes: row.scopes,
    bookingLimit:
      row.booking_limit_amount === null || row.booking_limit_currency === null
        ? null
        : { amount: Number(row.booking_limit_amount), currency: row.booking_limit_currency },
    createdAt: row.created_at,
  };
}
