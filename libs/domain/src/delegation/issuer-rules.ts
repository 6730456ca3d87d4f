import type { FieldError } from '../errors/domain-error';
import type { JwkSet } from './delegation-issuer';

/** Delegation JWT algorithms we accept (SPEC "Authentication"). */
export const DELEGATION_ALGORITHMS = ['RS256', 'ES256'] as const;

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = stripBrackets(hostname.toLowerCase());
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

/** Loopback, RFC 1918, link-local, unspecified and unique-local literals. Names are not resolved. */
export function isPrivateHost(hostname: string): boolean {
  const host = stripBrackets(hostname.toLowerCase());
  if (isLoopbackHost(host)) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)
    );
  }
  return host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/**
 * Where we may fetch an issuer's keys from: https to a public host, or, when private targets are
 * allowed (`WEBHOOK_ALLOW_PRIVATE=true`, which governs every outbound URL of the service), also
 * http(s) to loopback and private hosts. Returns why not, or null.
 */
export function jwksUrlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (isPrivateHost(url.hostname)) {
    if (!allowPrivate) return 'must point at a public host (private and loopback targets are not allowed)';
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'must be an https URL (plain http is allowed for loopback hosts only)';
    return null;
  }
  return url.protocol === 'https:' ? null : 'must be an https URL';
}

/** An inline JWK set must hold public RSA or EC signing keys only. */
export function jwksProblems(jwks: JwkSet | unknown, path = 'jwks'): FieldError[] {
  if (!jwks || typeof jwks !== 'object' || !Array.isArray((jwks as JwkSet).keys)) return [{ path: `${path}.keys`, message: 'must be an array of JWKs' }];
  const keys = (jwks as JwkSet).keys;
  if (keys.length === 0) return [{ path: `${path}.keys`, message: 'must contain at least one key' }];
  const problems: FieldError[] = [];
  keys.forEach((key, i) => {
    const at = `${path}.keys[${i}]`;
    if (!key || typeof key !== 'object' || Array.isArray(key)) return problems.push({ path: at, message: 'must be a JWK object' });
    if (key.kty !== 'RSA' && key.kty !== 'EC') problems.push({ path: `${at}.kty`, message: 'must be RSA or EC' });
    if (key.alg !== undefined && !(DELEGATION_ALGORITHMS as readonly unknown[]).includes(key.alg))
      problems.push({ path: `${at}.alg`, message: `must be one of ${DELEGATION_ALGORITHMS.join(', ')}` });
    if (key.use !== undefined && key.use !== 'sig') problems.push({ path: `${at}.use`, message: 'must be sig' });
    if (PRIVATE_MEMBERS.some((m) => m in key)) problems.push({ path: at, message: 'must be a public key (private key members are not accepted)' });
    if (key.kty === 'RSA' && (typeof key.n !== 'string' || typeof key.e !== 'string')) problems.push({ path: at, message: 'an RSA key needs n and e' });
    if (key.kty === 'EC' && (key.crv !== 'P-256' || typeof key.x !== 'string' || typeof key.y !== 'string'))
      problems.push({ path: at, message: 'an EC key needs crv P-256, x and y' });
    return undefined;
  });
  return problems;
}

export interface IssuerKeysInput {
  jwksUrl?: string | null;
  jwks?: JwkSet | null;
}

/** Exactly one key source, and that one valid. */
export function issuerKeysProblems(input: IssuerKeysInput, allowPrivate: boolean): FieldError[] {
  const hasUrl = input.jwksUrl !== undefined && input.jwksUrl !== null;
  const hasSet = input.jwks !== undefined && input.jwks !== null;
  if (hasUrl === hasSet) return [{ path: 'jwks_url', message: 'give exactly one of jwks_url and jwks' }];
  if (hasUrl) {
    const problem = jwksUrlProblem(input.jwksUrl as string, allowPrivate);
    return problem ? [{ path: 'jwks_url', message: problem }] : [];
  }
  return jwksProblems(input.jwks);
}
