import canonicalize from 'canonicalize';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Receipt, ReceiptKind } from '@hcs/contracts';

export const RECEIPT_ALGORITHM = 'HS256' as const;
export const DEFAULT_RECEIPT_KID = 'receipt-v1';

/**
 * The canonical form, as published in the agent card:
 * - `payload_hash` = `sha256:` + lowercase hex SHA-256 of the JCS (RFC 8785) serialisation of `subject`;
 * - `signature` = base64url (no padding) HMAC-SHA256, under the key named by `kid`, of the UTF-8
 *   JCS serialisation of the whole receipt without its `signature` member.
 * Any changed byte of any member changes the signed input.
 */
export const RECEIPT_CANONICAL_FORM =
  'JCS (RFC 8785) of the receipt without "signature", signed with HMAC-SHA256 under the key named by "kid" (base64url, no padding); payload_hash = "sha256:" + hex SHA-256 of the JCS of "subject".';

export type ReceiptSubject = Record<string, string | number>;
export type UnsignedReceipt = Omit<Receipt, 'signature'>;
export type ReceiptVerdict = { valid: true } | { valid: false; reason: 'payload_hash_mismatch' | 'signature_mismatch' | 'unknown_kid' | 'kid_retired' };

/** JCS (RFC 8785); `undefined` for values JSON cannot carry. */
export function jcs(value: unknown): string | undefined {
  try {
    return canonicalize(value);
  } catch {
    return undefined;
  }
}

export function payloadHash(subject: unknown): string {
  return `sha256:${createHash('sha256')
    .update(jcs(subject) ?? '', 'utf8')
    .digest('hex')}`;
}

function hmac(secret: string, input: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(input, 'utf8').digest('base64url');
}

export function buildUnsignedReceipt(kind: ReceiptKind, issuer: string, issuedAt: string, subject: ReceiptSubject, kid: string): UnsignedReceipt {
  return { kind, issuer, issued_at: issuedAt, subject, payload_hash: payloadHash(subject), algorithm: RECEIPT_ALGORITHM, kid };
}

export function signReceipt(unsigned: UnsignedReceipt, secret: string): Receipt {
  return { ...unsigned, signature: hmac(secret, jcs(unsigned) as string) };
}

/** The key a receipt claims to be signed with (`receipt-v1` when it names none). */
export function receiptKid(receipt: object): string {
  const kid = (receipt as Record<string, unknown>).kid;
  return typeof kid === 'string' ? kid : DEFAULT_RECEIPT_KID;
}

/**
 * Checks a receipt as received: its payload hash against its subject, then its signature under
 * `secret` (null when its `kid` is unknown).
 */
export function verifyReceipt(received: object, secret: string | null): ReceiptVerdict {
  const receipt = received as Record<string, unknown>;
  if (typeof receipt.payload_hash !== 'string' || receipt.payload_hash !== payloadHash(receipt.subject))
    return { valid: false, reason: 'payload_hash_mismatch' };
  if (secret === null) return { valid: false, reason: 'unknown_kid' };
  const { signature, ...rest } = receipt;
  const input = jcs(rest);
  if (typeof signature !== 'string' || input === undefined || receipt.algorithm !== RECEIPT_ALGORITHM) return { valid: false, reason: 'signature_mismatch' };
  const expected = Buffer.from(hmac(secret, input));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { valid: true } : { valid: false, reason: 'signature_mismatch' };
}
