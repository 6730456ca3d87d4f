/**
 * What admins read about a failed attempt (docs/events.md "Deliveries and retries"): what
 * happened, in our words. Never the receiver's body nor the raw text of a network error, which
 * can carry the receiver's internals (stack traces, host names, echoed data) or text an attacker
 * controls.
 */
export type AttemptFailureKind = 'timeout' | 'refused' | 'tls' | 'dns' | 'address_refused' | 'reset' | 'network';

const DESCRIPTIONS: Record<AttemptFailureKind, string> = {
  timeout: 'timeout: no answer within the attempt budget',
  refused: 'connection refused by the receiver',
  tls: 'TLS handshake failed (certificate or protocol)',
  dns: 'the receiver host name did not resolve',
  address_refused: 'address refused by the outbound address rule',
  reset: 'connection reset or closed by the receiver',
  network: 'network error',
};

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** The kind of a thrown send error, read from its class, code and name only. */
export function attemptFailureKind(error: unknown, refusedByRule: boolean): AttemptFailureKind {
  if (refusedByRule) return 'address_refused';
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const name = typeof e.name === 'string' ? e.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return 'timeout';
  // The outbound client words its own timeout (`timed out after N ms`): that text is ours.
  if (typeof e.message === 'string' && /^timed out after \d+ ms$/.test(e.message)) return 'timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  if (TLS_CODES.test(code)) return 'tls';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'dns';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'reset';
  if (e.cause && e.cause !== error) return attemptFailureKind(e.cause, false);
  return 'network';
}

export function describeAttemptFailure(kind: AttemptFailureKind): string {
  return DESCRIPTIONS[kind];
}

/** A non-2xx answer: its status only, never its body. */
export function describeStatus(status: number): string {
  return `HTTP ${status} from the receiver`;
}

/**
 * The error of an attempt a sender answers for a receiver it does not contact (a stand-in that
 * plays a receiver which is down): `<who>: the receiver is down until this delivery is replayed`,
 * `who` in lower-case words of ours (letters, digits, `_`, spaces).
 */
export function standInReceiverDown(who: string): string {
  return `${who}: ${RECEIVER_DOWN_UNTIL_REPLAYED}`;
}

const RECEIVER_DOWN_UNTIL_REPLAYED = 'the receiver is down until this delivery is replayed';
const STAND_IN_RECEIVER_DOWN = /^[a-z0-9_ ]+: the receiver is down until this delivery is replayed$/;

const OWN_WORDS = new Set<string>([...Object.values(DESCRIPTIONS), 'the endpoint is disabled or deleted']);

/**
 * An attempt error as admins read it: our own words pass; an older row's free text (written
 * before errors were worded here) keeps only its status, else becomes "network error".
 */
export function adminAttemptError(stored: string | null): string | null {
  if (stored === null || OWN_WORDS.has(stored) || STAND_IN_RECEIVER_DOWN.test(stored) || /^HTTP \d{3} from the receiver$/.test(stored)) return stored;
  const status = /^receiver answered (\d{3})/.exec(stored);
  if (status) return describeStatus(Number(status[1]));
  if (/^timed out after/.test(stored)) return DESCRIPTIONS.timeout;
  return DESCRIPTIONS.network;
}
