import type { DeferredIdempotencyClaim } from '@hcs/domain';

/** The columns a claiming read adds to each row of the read it wraps. */
export interface ClaimColumns {
  /** Whether the wrapped statement inserted the key's in-progress record. */
  hcs_idempotency_claimed: boolean;
  /** 1 on the read's own rows; null on the one row that carries the claim when the read found nothing. */
  hcs_idempotency_row: number | null;
}

/**
 * A read that also claims an idempotency key (docs/performance.md, "Idempotency claim in the step's
 * first read"): the key's in-progress record is inserted by a data-modifying CTE (`ON CONFLICT DO
 * NOTHING`, as `SqlIdempotencyRecordRepository.tryBegin` does), and every row of the read carries
 * whether it was. One row always comes back, so the claim is known even when the read finds
 * nothing. The read's own parameters keep their numbers; the claim's follow them.
 */
export function claimingRead(read: string, readValues: readonly unknown[], claim: DeferredIdempotencyClaim): { text: string; values: unknown[] } {
  const n = readValues.length;
  const { scope } = claim;
  const text = `WITH hcs_idempotency_claim AS (
      INSERT INTO idempotency_records (tenant_id, principal_id, route, idempotency_key, request_hash, state, locked_until, expires_at)
      VALUES ($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, 'in_progress',
              now() + make_interval(secs => $${n + 6}::double precision / 1000), now() + make_interval(hours => $${n + 7}))
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT c.hcs_idempotency_claimed, q.*
      FROM (SELECT EXISTS (SELECT 1 FROM hcs_idempotency_claim) AS hcs_idempotency_claimed) c
      LEFT JOIN (SELECT 1 AS hcs_idempotency_row, o.* FROM (${read}) o) q ON true`;
  return {
    text,
    values: [...readValues, scope.tenantId, scope.principalId, scope.route, scope.key, claim.requestHash, claim.leaseMs, claim.retentionHours],
  };
}

/** The same claim as a statement of its own, for a step whose first statement is a write or runs in a transaction. */
export function claimAlone(claim: DeferredIdempotencyClaim): { text: string; values: unknown[] } {
  const { scope } = claim;
  return {
    text: `INSERT INTO idempotency_records (tenant_id, principal_id, route, idempotency_key, request_hash, state, locked_until, expires_at)
           VALUES ($1, $2, $3, $4, $5, 'in_progress', now() + make_interval(secs => $6::double precision / 1000), now() + make_interval(hours => $7))
           ON CONFLICT DO NOTHING RETURNING 1 AS hcs_idempotency_claimed`,
    values: [scope.tenantId, scope.principalId, scope.route, scope.key, claim.requestHash, claim.leaseMs, claim.retentionHours],
  };
}
