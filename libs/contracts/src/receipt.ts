export const RECEIPT_KINDS = ['booking_confirmed', 'booking_cancelled', 'refund_issued'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** A signed outcome (docs/api-contract.md "Receipts"). `signature` covers the JCS form of every other field. */
export interface Receipt {
  kind: ReceiptKind;
  issuer: string;
  issued_at: string;
  subject: Record<string, string | number>;
  payload_hash: string;
  algorithm: 'HS256';
  kid: string;
  signature: string;
}
