export interface ReceiptKey {
  kid: string;
  /** base64url-encoded random bytes. */
  secret: string;
  /** Set once an operator retired the kid: it no longer signs nor verifies. */
  retiredAt?: Date | null;
}

export type ReceiptKeyRetirement = 'retired' | 'already_retired' | 'not_found' | 'last_key';

/**
 * Port: receipt signing keys, per tenant (docs/security.md "Receipt keys per tenant"). The
 * tenant's newest unretired key signs; every unretired key of the tenant verifies; a retired kid
 * verifies nothing. Platform-wide keys (`tenantId` null) signed receipts before keys were per
 * tenant: they only verify.
 */
export abstract class ReceiptKeyRepository {
  /** The tenant's signing key; its first (`receipt-v1`) is created on first use. */
  abstract signingKey(tenantId: string): Promise<ReceiptKey>;
  /**
   * The tenant's key of `kid` (retired ones too, with `retiredAt`), else a platform-wide key of
   * that kid, or null when neither exists.
   */
  abstract findByKid(tenantId: string, kid: string): Promise<ReceiptKey | null>;
  /** Issues a new signing key for the tenant; its older keys keep verifying. */
  abstract rotate(tenantId: string): Promise<ReceiptKey>;
  /**
   * Retires the tenant's `kid` (the tenant's last unretired key cannot be retired: nothing would
   * sign), or a platform-wide kid when `tenantId` is null.
   */
  abstract retire(tenantId: string | null, kid: string): Promise<ReceiptKeyRetirement>;
}
