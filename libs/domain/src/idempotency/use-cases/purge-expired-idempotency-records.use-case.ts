import { Injectable } from '@nestjs/common';
import { IdempotencyRecordRepository } from '../ports/idempotency.repository';

/** Rows deleted per statement, and statements per run: a run stays short whatever the backlog. */
export const PURGE_BATCH_SIZE = 1000;
export const PURGE_MAX_BATCHES = 20;

/**
 * Deletes idempotency records past IDEMPOTENCY_TTL_HOURS (they keep guest names, emails and
 * phones of the answers they replay). Run periodically by the worker; a backlog larger than one
 * run's bound is worked off over the next runs.
 */
@Injectable()
export class PurgeExpiredIdempotencyRecords {
  constructor(private readonly records: IdempotencyRecordRepository) {}

  async execute(options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
    const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? PURGE_MAX_BATCHES;
    let purged = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await this.records.purgeExpired(batchSize);
      purged += deleted;
      if (deleted < batchSize) break;
    }
    return purged;
  }
}
