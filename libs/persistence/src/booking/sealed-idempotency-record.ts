import type { SealedResponse } from '@hcs/domain';
import type { SqlParams } from './sql-params';

/**
 * The UPDATE that stores `sealed` as its key's completed answer, inside the statement that writes
 * the outcome it answers: it runs only when the CTE `writtenBy` of that statement has a row, so the
 * key is sealed exactly when the outcome is committed (docs/booking-chain.md "Idempotency inside the
 * chain's statements"). It returns a row when the record was there to seal.
 */
export function sealedIdempotencyRecord(p: SqlParams, { scope, response }: SealedResponse, writtenBy: string): string {
  return `UPDATE idempotency_records SET state = 'completed', response_status = ${p.add(response.status, 'int')}, response_body = ${p.add(JSON.stringify(response.body), 'json')},
               locked_until = NULL
         WHERE tenant_id = ${p.add(scope.tenantId, 'uuid')} AND principal_id = ${p.add(scope.principalId, 'uuid')} AND route = ${p.add(scope.route, 'text')}
           AND idempotency_key = ${p.add(scope.key, 'text')} AND EXISTS (SELECT 1 FROM ${writtenBy})
         RETURNING 1`;
}
