import type { IdempotentRequest } from '../idempotency/idempotent-request';

/**
 * The idempotency records a fake repository's first read inserts, as the SQL read does with its
 * claim (`ON CONFLICT DO NOTHING`): a key already here is another request's.
 */
export class FakeKeyClaims {
  readonly keys = new Set<string>();

  /** Carries the request's pending claim, if any, the way a claiming read does. */
  carry(request: IdempotentRequest | null | undefined): void {
    const claim = request?.pendingClaim;
    if (!request || !claim) return;
    const id = `${claim.scope.tenantId}|${claim.scope.principalId}|${claim.scope.route}|${claim.scope.key}`;
    const free = !this.keys.has(id);
    this.keys.add(id);
    request.claimedByRead(free);
  }
}
