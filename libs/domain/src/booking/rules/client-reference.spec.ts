import {
  CLIENT_REFERENCE_PATTERN,
  ClientReferenceRecord,
  clientReferenceDecision,
  clientReferenceKey,
  isDefiniteFailure,
  pendingRetryAfter,
} from './client-reference';

const record = (overrides: Partial<ClientReferenceRecord> = {}): ClientReferenceRecord => ({
  tenantId: 't',
  agentId: 'a',
  clientReference: 'ref',
  holdId: 'hold-1',
  state: 'pending',
  attemptId: 'att',
  idempotencyKey: 'key-1',
  bookingId: null,
  failure: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

describe('client_reference rules', () => {
  it('allows 1-64 letters, digits, ".", "_", ":" and "-" only', () => {
    for (const ok of ['a', 'trip-4711:room.1_b', 'x'.repeat(64)]) expect(CLIENT_REFERENCE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'a b', 'é', 'a/b', 'a;b', 'a\n']) expect(CLIENT_REFERENCE_PATTERN.test(bad)).toBe(false);
  });

  it('decides from what the reference already stands for', () => {
    expect(clientReferenceDecision(null, 'hold-1', 'k')).toEqual({ kind: 'proceed' });
    expect(clientReferenceDecision(record({ holdId: 'hold-2' }), 'hold-1', 'k')).toEqual({ kind: 'conflict', holdId: 'hold-2' });
    expect(clientReferenceDecision(record({ state: 'confirmed', bookingId: 'b' }), 'hold-1', 'k')).toEqual({ kind: 'answer_booking', bookingId: 'b' });
    const declined = { code: 'payment_failed' as const, status: 402, detail: { provider_message: 'no' } };
    expect(clientReferenceDecision(record({ state: 'failed', failure: declined }), 'hold-1', 'k')).toEqual({ kind: 'answer_failure', failure: declined });
    const providerError = { code: 'payment_provider_error' as const, status: 502, detail: {} };
    expect(clientReferenceDecision(record({ state: 'failed', failure: providerError }), 'hold-1', 'k')).toEqual({ kind: 'proceed' });
    expect(clientReferenceDecision(record(), 'hold-1', 'key-1')).toEqual({ kind: 'proceed' });
    expect(clientReferenceDecision(record(), 'hold-1', 'key-2')).toEqual({ kind: 'wait' });
  });

  it("records the payment's and the hold's end, never what the agent can fix or what is still pending", () => {
    for (const code of ['payment_failed', 'payment_provider_error', 'hold_expired', 'hold_not_active']) expect(isDefiniteFailure(code)).toBe(true);
    for (const code of [
      'client_reference_conflict',
      'payment_timeout',
      'hold_not_found',
      'validation_failed',
      'quote_mismatch',
      'authorization_required',
      'booking_authorization_invalid',
      'delegation_invalid',
    ]) {
      expect(isDefiniteFailure(code)).toBe(false);
    }
  });

  it('gives a keyless confirmation a key of its own, and a pending one at least a second to wait', () => {
    expect(clientReferenceKey('ref', 'n1')).not.toBe(clientReferenceKey('ref', 'n2'));
    expect(clientReferenceKey('r'.repeat(64), '00000000-0000-4000-8000-000000000000').length).toBeLessThanOrEqual(255);
    expect(pendingRetryAfter(record({ updatedAt: new Date(10_000) }), 10_000, new Date(12_500))).toBe(8);
    expect(pendingRetryAfter(record({ updatedAt: new Date(0) }), 1_000, new Date(60_000))).toBe(1);
  });
});
