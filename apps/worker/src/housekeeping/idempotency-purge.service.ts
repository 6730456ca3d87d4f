import { Injectable } from '@nestjs/common';
import { PurgeExpiredIdempotencyRecords } from '@hcs/domain';
import { AppConfig, RequestContext } from '@hcs/platform';
import { PurgeTimer } from './purge-timer';

/** Deletes expired idempotency records (docs/booking-chain.md "Idempotency"). */
@Injectable()
export class IdempotencyPurgeService extends PurgeTimer {
  constructor(
    private readonly records: PurgeExpiredIdempotencyRecords,
    context: RequestContext,
    config: AppConfig,
  ) {
    super('IdempotencyPurge', 'expired idempotency record(s)', context, config);
  }

  protected purge(): Promise<number> {
    return this.records.execute();
  }
}
