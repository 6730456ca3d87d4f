import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PrincipalKind } from '../principal';

export interface IssuedSecret {
  /** Shown once to the caller, never stored. */
  secret: string;
  hash: string;
  prefix: string;
}

const KIND_PREFIX: Record<PrincipalKind, string> = { admin: 'adm', agent: 'agt', channel: 'chn' };

/**
 * A credential secret: 256 random bits behind a readable kind prefix. Being high-entropy, a
 * SHA-256 digest is a safe stored form and lets the lookup be one indexed equality.
 */
export function issueSecret(kind: PrincipalKind): IssuedSecret {
  const secret = `hcs_${KIND_PREFIX[kind]}_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, 12) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
