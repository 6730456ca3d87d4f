import { Injectable } from '@nestjs/common';
import { OtaLedger } from '../ports/ota-ledger';
import { OtaMessageLog } from '../ports/ota-message-log';
import { OTA_MESSAGES_KEPT_DAYS } from '../rules/ota-message-record';

/** Rows deleted per table and statement, and rounds per run: a run stays short whatever the backlog. */
export const OTA_PURGE_BATCH_SIZE = 1000;
export const OTA_PURGE_MAX_BATCHES = 20;

/**
 * Deletes the channel ledger's rows nobody reads again: EchoTokens past their 24 hours and
 * TimeStamps of past nights, and the records of messages in older than `OTA_MESSAGES_KEPT_DAYS`
 * days (docs/channels.md "Housekeeping"). Run periodically by the worker.
 */
@Injectable()
export class PurgeOtaLedger {
  constructor(
    private readonly ledger: OtaLedger,
    private readonly messages: OtaMessageLog,
  ) {}

  async execute(options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
    const batchSize = options.batchSize ?? OTA_PURGE_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? OTA_PURGE_MAX_BATCHES;
    let purged = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await this.ledger.purgeExpired(batchSize);
      const records = await this.messages.purgeOlderThan(OTA_MESSAGES_KEPT_DAYS, batchSize);
      purged += deleted + records;
      // Fewer than one full batch from the ledger (two tables) and from the records means all are worked off.
      if (deleted < batchSize && records < batchSize) break;
    }
    return purged;
  }
}
