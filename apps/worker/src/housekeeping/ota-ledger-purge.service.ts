import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PurgeOtaLedger } from '@hcs/domain';
import { AppConfig, newTraceId, RequestContext, serializeError } from '@hcs/platform';

/**
 * Deletes the channel ledger's expired rows (EchoTokens past 24 hours, TimeStamps of past nights,
 * records of messages in past 7 days, docs/channels.md "Housekeeping") on the idempotency purge's interval, in bounded batches: a
 * timer beside that one, needing Postgres only.
 */
@Injectable()
export class OtaLedgerPurgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OtaLedgerPurge');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly purge: PurgeOtaLedger,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.context
        .runWithTrace(newTraceId(), () => this.purge.execute())
        .then((purged) => {
          if (purged > 0) this.logger.log(`purged ${purged} expired channel ledger row(s) (EchoTokens, past TimeStamps, message records)`);
        })
        .catch((error: unknown) => this.logger.warn({ err: serializeError(error) }, 'channel ledger purge failed (next run retries)'))
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, this.config.idempotencyPurgeIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
