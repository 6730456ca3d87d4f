import { adminAttemptError, attemptFailureKind, describeAttemptFailure, describeStatus, standInReceiverDown } from './attempt-error';

const coded = (code: string, message = `connect ${code} 10.0.0.7:443 secret-host.internal`) => Object.assign(new Error(message), { code });

describe('attempt error text (docs/events.md "Deliveries and retries")', () => {
  it('says what happened from the error class and code, never from its text', () => {
    expect(attemptFailureKind(new Error('timed out after 10000 ms'), false)).toBe('timeout');
    expect(attemptFailureKind(Object.assign(new Error('x'), { name: 'TimeoutError' }), false)).toBe('timeout');
    expect(attemptFailureKind(coded('ECONNREFUSED'), false)).toBe('refused');
    expect(attemptFailureKind(coded('ERR_TLS_CERT_ALTNAME_INVALID'), false)).toBe('tls');
    expect(attemptFailureKind(coded('DEPTH_ZERO_SELF_SIGNED_CERT'), false)).toBe('tls');
    expect(attemptFailureKind(coded('ENOTFOUND'), false)).toBe('dns');
    expect(attemptFailureKind(coded('ECONNRESET'), false)).toBe('reset');
    expect(attemptFailureKind(new Error('wrapped', { cause: coded('ECONNREFUSED') }), false)).toBe('refused');
    expect(attemptFailureKind(new Error('the receiver says: <html>internal stack</html>'), false)).toBe('network');
    expect(attemptFailureKind(new Error('10.0.0.1 is private'), true)).toBe('address_refused');
  });

  it('describes each kind and a status in fixed words', () => {
    expect(describeAttemptFailure('timeout')).toMatch(/^timeout/);
    expect(describeAttemptFailure('tls')).toMatch(/TLS/);
    expect(describeAttemptFailure('refused')).toMatch(/refused/);
    expect(describeStatus(503)).toBe('HTTP 503 from the receiver');
  });

  it('rewords an older free-text error for admins, keeping only its status', () => {
    expect(adminAttemptError('receiver answered 500: Traceback at db01.internal:5432')).toBe('HTTP 500 from the receiver');
    expect(adminAttemptError('connect ECONNREFUSED 10.1.2.3:443')).toBe('network error');
    expect(adminAttemptError('timeout: no answer within the attempt budget')).toBe('timeout: no answer within the attempt budget');
    expect(adminAttemptError(null)).toBeNull();
  });

  it("shows a stand-in receiver's own words as they are, and nothing shaped like them from elsewhere", () => {
    const words = standInReceiverDown('stand in');
    expect(words).toBe('stand in: the receiver is down until this delivery is replayed');
    expect(adminAttemptError(words)).toBe(words);
    expect(adminAttemptError('Host db01.internal: the receiver is down until this delivery is replayed')).toBe('network error');
  });
});
