import type { FieldError } from '../../errors/domain-error';
import type { JwkSet } from '../ports/delegation-issuer.repository';
import { outboundUrlProblem } from '@hcs/platform';

/** Delegation JWT algorithms we accept (docs/api-contract.md "Delegation"). */
export const DELEGATION_ALGORITHMS = ['RS256', 'ES256'] as const;

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * Where we may fetch an issuer's keys from: the service's one outbound address rule (https to a
 * public host; with `WEBHOOK_ALLOW_PRIVATE=true` also http and loopback/private hosts), see
 * docs/events.md "Receiver safety". Returns why not, or null. Names are resolved (and checked
 * again) when the keys are fetched.
 */
export function jwksUrlProblem(value: string, allowPrivate: boolean): string | null {
  return outboundUrlProblem(value, { allowPrivate });
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
