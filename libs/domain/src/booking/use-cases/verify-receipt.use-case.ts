import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { ReceiptSigner } from '../services/receipt-signer';
import type { ReceiptVerdict } from '../rules/receipt-canonical';

/** Checks a receipt's payload hash and signature (`valid: false` with a reason, never an error). */
@Injectable()
export class VerifyReceipt {
  constructor(private readonly signer: ReceiptSigner) {}

  /** `tenantId`: the caller's tenant, whose keys decide (another tenant's receipt does not verify). */
  async execute(command: { tenantId: string; receipt: Record<string, unknown> }): Promise<Outcome<ReceiptVerdict>> {
    return new Outcome(await this.signer.verify(command.tenantId, command.receipt));
  }
}
