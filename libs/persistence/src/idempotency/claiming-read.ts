import type { QueryResultRow } from 'pg';
import type { IdempotentRequest, KeyClaim } from '@hcs/domain';
import type { SqlClient } from '../sql/sql-client';
import type { Statement } from '../sql/statement';

/** The columns a claiming read adds to each row of the read it wraps. */
interface ClaimColumns {
  /** Whether the wrapped statement inserted the key's in-progress record. */
  hcs_idempotency_claimed: boolean;
  /** 1 on the read's own rows; null on the one row that carries the claim when the read found nothing. */
  hcs_idempotency_row: number | null;
}

/**
 * A read that also claims an idempotency key: the key's in-progress record is inserted by a
 * data-modifying CTE (`ON CONFLICT DO NOTHING`, as `SqlIdempotencyRecordRepository.tryBegin` does),
 * and every row of the read carries whether it was. One row always comes back, so the claim is
 * known even when the read finds nothing. The read's own parameters keep their numbers; the
 * claim's follow them.
 */
export function claimingRead(read: string, readValues: readonly unknown[], claim: KeyClaim): { text: string; values: unknown[] } {
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

/**
 * Runs a use case's first read, carrying the request's pending key claim when it has one (one
 * statement instead of a claim of its own before the read). The request learns how the claim
 * ended; a key that is another request's throws `IdempotencyKeyTaken` before the use case writes
 * anything. Without a pending claim it is the plain read. Never inside a transaction: the claim
 * must commit on its own, as the layer's own claim does.
 */
export async function readClaimingKey<P extends readonly unknown[], R extends QueryResultRow>(
  sql: SqlClient,
  read: Statement<P, R>,
  params: P,
  request: IdempotentRequest | null | undefined,
): Promise<R[]> {
  const claim = request?.pendingClaim;
  if (!request || !claim) return sql.run(read, params);
  const wrapped = claimingRead(read.text, params, claim);
  let rows: Array<R & ClaimColumns>;
  try {
    rows = await sql.rows<R & ClaimColumns>(wrapped.text, wrapped.values);
  } catch (error) {
    request.claimNotMade();
    throw error;
  }
  request.claimedByRead(rows[0]?.hcs_idempotency_claimed === true);
  return rows.filter((row) => row.hcs_idempotency_row !== null);
}
