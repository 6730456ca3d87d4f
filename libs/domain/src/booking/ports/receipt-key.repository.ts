export interface ReceiptKey {
  kid: string;
  /** base64url-encoded random bytes. */
  secret: string;
}

/** Port: receipt signing keys. The newest active key signs; every key ever issued verifies. */
export abstract class ReceiptKeyRepository {
  abstract signingKey(): Promise<ReceiptKey>;
  abstract findByKid(kid: string): Promise<ReceiptKey | null>;
  /** Issues a new signing key; older keys keep verifying. */
  abstract rotate(): Promise<ReceiptKey>;
}
