import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PurgeExpiredIdempotencyRecords } from '@hcs/domain';
import { AppConfig, newTraceId, RequestContext, serializeError } from '@hcs/platform';

/**
 * Deletes expired idempotency records every IDEMPOTENCY_PURGE_INTERVAL_SECONDS, in bounded
 * batches. A timer rather than a queue job: it needs Postgres only, so it keeps running while
 * Redis is down, and two workers purging at once skip each other's rows.
 */
@Injectable()
export class IdempotencyPurgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyPurge');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly purge: PurgeExpiredIdempotencyRecords,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.context
        .runWithTrace(newTraceId(), () => this.purge.execute())
        .then((purged) => {
          if (purged > 0) this.logger.log(`purged ${purged} expired idempotency record(s)`);
        })
        .catch((error: unknown) => this.logger.warn({ err: serializeError(error) }, 'idempotency purge failed (next run retries)'))
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
