import { Injectable } from '@nestjs/common';
import type { Receipt, ReceiptKind } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { ReceiptKeyRepository } from '../ports/receipt-key.repository';
import { buildUnsignedReceipt, ReceiptSubject, ReceiptVerdict, receiptKid, signReceipt, verifyReceipt } from '../rules/receipt-canonical';

/**
 * Signs a tenant's outcomes with its newest receipt key and verifies receipts against the tenant's
 * unretired keys by `kid` (docs/security.md "Receipt keys per tenant").
 */
@Injectable()
export class ReceiptSigner {
  constructor(
    private readonly keys: ReceiptKeyRepository,
    private readonly config: AppConfig,
  ) {}

  async sign(tenantId: string, kind: ReceiptKind, subject: ReceiptSubject): Promise<Receipt> {
    const key = await this.keys.signingKey(tenantId);
    return signReceipt(buildUnsignedReceipt(kind, this.config.baseUrl, new Date().toISOString(), subject, key.kid), key.secret);
  }

  /** The verdict on `receipt` under `tenantId`'s keys: another tenant's receipt does not verify. */
  async verify(tenantId: string, receipt: object): Promise<ReceiptVerdict> {
    const key = await this.keys.findByKid(tenantId, receiptKid(receipt));
    const verdict = verifyReceipt(receipt, key?.secret ?? null);
    // A retired kid verifies nothing; a receipt whose hash is already wrong says so first.
    if (key?.retiredAt && verdict.valid) return { valid: false, reason: 'kid_retired' };
    return verdict;
  }
}
