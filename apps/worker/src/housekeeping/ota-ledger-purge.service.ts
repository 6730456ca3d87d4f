import { Injectable } from '@nestjs/common';
import { PurgeOtaLedger } from '@hcs/domain';
import { AppConfig, RequestContext } from '@hcs/platform';
import { PurgeTimer } from './purge-timer';

/**
 * Deletes the channel ledger's expired rows: EchoTokens past 24 hours, TimeStamps of past nights,
 * records of messages in past 7 days (docs/channels.md "Housekeeping").
 */
@Injectable()
export class OtaLedgerPurgeService extends PurgeTimer {
  constructor(
    private readonly ledger: PurgeOtaLedger,
    context: RequestContext,
    config: AppConfig,
  ) {
    super('OtaLedgerPurge', 'expired channel ledger row(s) (EchoTokens, past TimeStamps, message records)', context, config);
  }

  protected purge(): Promise<number> {
    return this.ledger.execute();
  }
}
