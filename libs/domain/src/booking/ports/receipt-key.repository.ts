export interface ReceiptKey {
  kid: string;
  /** base64url-encoded random bytes. */
  secret: string;
  /** Set once an operator retired the kid: it no longer signs nor verifies. */
  retiredAt?: Date | null;
}

export type ReceiptKeyRetirement = 'retired' | 'already_retired' | 'not_found' | 'last_key';

/**
 * Port: receipt signing keys. The newest unretired key signs; every unretired key verifies; a
 * retired kid verifies nothing (docs/security.md "Keys at rest").
 */
export abstract class ReceiptKeyRepository {
  abstract signingKey(): Promise<ReceiptKey>;
  /** The key of `kid` (retired ones too, with `retiredAt`), or null when no such kid exists. */
  abstract findByKid(kid: string): Promise<ReceiptKey | null>;
  /** Issues a new signing key; older keys keep verifying. */
  abstract rotate(): Promise<ReceiptKey>;
  /** Retires `kid`; the last unretired key cannot be retired (nothing would sign). */
  abstract retire(kid: string): Promise<ReceiptKeyRetirement>;
}
