import { Injectable } from '@nestjs/common';
import { OtaLedger } from '../ports/ota-ledger';

/** Rows deleted per table and statement, and rounds per run: a run stays short whatever the backlog. */
export const OTA_PURGE_BATCH_SIZE = 1000;
export const OTA_PURGE_MAX_BATCHES = 20;

/**
 * Deletes the channel ledger's rows nobody reads again: EchoTokens past their 24 hours and
 * TimeStamps of past nights (docs/channels.md "Housekeeping"). Run periodically by the worker.
 */
@Injectable()
export class PurgeOtaLedger {
  constructor(private readonly ledger: OtaLedger) {}

  async execute(options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
    const batchSize = options.batchSize ?? OTA_PURGE_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? OTA_PURGE_MAX_BATCHES;
    let purged = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await this.ledger.purgeExpired(batchSize);
      purged += deleted;
      // Two tables per round: fewer than one full batch means both are worked off.
      if (deleted < batchSize) break;
    }
    return purged;
  }
}
