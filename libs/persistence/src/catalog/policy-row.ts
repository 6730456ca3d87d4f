import type { CancellationKind, Policy, PolicyFields } from '@hcs/domain';
import { jsonDate, type JsonRow } from '../sql/json-row';
import { statement } from '../sql/statement';

/**
 * The columns, row type, statements and mappers of `policies` (immutable versions of a property's
 * cancellation policy). `cancellation_fee_pct_after_cutoff` (numeric) is read as float8 so the
 * plain row and the jsonb row both carry a number.
 */
export const POLICY_COLUMNS = `id, tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin,
  cancellation_fee_pct_after_cutoff::float8 AS cancellation_fee_pct_after_cutoff, child_policy_text, created_at`;

export interface PolicyRow {
  id: string;
  tenant_id: string;
  property_id: string;
  code: string;
  version: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: number;
  child_policy_text: string | null;
  created_at: Date;
}

type NewPolicyParams = [
  tenantId: string,
  propertyId: string,
  code: string,
  version: string,
  cancellationKind: CancellationKind,
  freeCancellationHoursBeforeCheckin: number,
  cancellationFeePctAfterCutoff: number,
  childPolicyText: string | null,
];

export const insertPolicyVersion = statement<NewPolicyParams, PolicyRow>(
  `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin,
                         cancellation_fee_pct_after_cutoff, child_policy_text)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   RETURNING ${POLICY_COLUMNS}`,
);

export const newPolicyParams = (tenantId: string, propertyId: string, code: string, version: string, f: PolicyFields): NewPolicyParams => [
  tenantId,
  propertyId,
  code,
  version,
  f.cancellationKind,
  f.freeCancellationHoursBeforeCheckin,
  f.cancellationFeePctAfterCutoff,
  f.childPolicyText,
];

export const policyById = statement<[tenantId: string, id: string], PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND id = $2`);

export const policyVersions = statement<[tenantId: string, propertyId: string, code: string], PolicyRow>(
  `SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND property_id = $2 AND code = $3`,
);

export const policiesOfProperties = statement<[tenantId: string, propertyIds: string[]], PolicyRow>(
  `SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND property_id = ANY($2::uuid[])`,
);

/** Serialises new versions of one policy lineage until the transaction ends. */
export const lockPolicyLineage = statement<[lineage: string], { locked: string }>(`SELECT pg_advisory_xact_lock(hashtext($1)) AS locked`);

export function toPolicy(row: PolicyRow): Policy {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    propertyId: row.property_id,
    code: row.code,
    version: row.version,
    cancellationKind: row.cancellation_kind,
    freeCancellationHoursBeforeCheckin: row.free_cancellation_hours_before_checkin,
    cancellationFeePctAfterCutoff: row.cancellation_fee_pct_after_cutoff,
    childPolicyText: row.child_policy_text,
    createdAt: row.created_at,
  };
}

/** A policy read as jsonb (`to_jsonb(pol)`). */
export const policyFromJson = (r: JsonRow<PolicyRow>): Policy => toPolicy({ ...r, created_at: jsonDate(r.created_at) });
