import { IdempotencyKeyTaken, IdempotentRequest, KeyClaim } from './idempotent-request';

const key: KeyClaim = { scope: { tenantId: 't', principalId: 'p', route: 'POST /v1/holds', key: 'k' }, requestHash: 'h', leaseMs: 1000, retentionHours: 1 };

describe('IdempotentRequest', () => {
  it('offers its claim to the first read only, and runs onClaimed once the key is this call s', () => {
    const claimed: string[] = [];
    const request = IdempotentRequest.claimedByFirstRead(
      key,
      () => null,
      () => claimed.push('claimed'),
    );
    expect(request.pendingClaim).toBe(key);
    expect(request.claimOutcome).toBe('not_made');
    request.claimedByRead(true);
    expect(request.pendingClaim).toBeNull();
    expect(request.claimOutcome).toBe('claimed');
    request.claimedByRead(true);
    expect(claimed).toEqual(['claimed']);
  });

  it('stops the use case at the read when the key is another request s', () => {
    const request = IdempotentRequest.claimedByFirstRead(
      key,
      () => null,
      () => undefined,
    );
    expect(() => request.claimedByRead(false)).toThrow(IdempotencyKeyTaken);
    expect(request.claimOutcome).toBe('taken');
    expect(request.pendingClaim).toBeNull();
  });

  it('has nothing to claim when the layer claimed the key, and none after a failed read', () => {
    expect(IdempotentRequest.claimed(key, () => null).pendingClaim).toBeNull();
    expect(IdempotentRequest.claimed(key, () => null).claimOutcome).toBe('claimed');
    const failed = IdempotentRequest.claimedByFirstRead(
      key,
      () => null,
      () => undefined,
    );
    failed.claimNotMade();
    expect(failed.pendingClaim).toBeNull();
    expect(failed.claimOutcome).toBe('not_made');
  });

  it('seals an outcome the transport renders as sealed, once, and answers the stored response for that outcome only', () => {
    const request = IdempotentRequest.claimed(key, (outcome) => (outcome === 'sealed' ? { status: 201, body: { outcome } } : null));
    expect(request.seal('unsealed')).toBeNull();
    const sealed = request.seal('sealed');
    expect(sealed).toEqual({ scope: key.scope, response: { status: 201, body: { outcome: 'sealed' } } });
    expect(request.storedFor('sealed')).toBeNull();
    request.sealedWith('sealed', sealed!);
    expect(request.storedFor('sealed')).toEqual({ status: 201, body: { outcome: 'sealed' } });
    expect(request.storedFor('other')).toBeNull();
    expect(request.seal('sealed')).toBeNull();
  });
});
