import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, newTraceId, RequestContext, serializeError } from '@hcs/platform';

/**
 * A purge run every IDEMPOTENCY_PURGE_INTERVAL_SECONDS, in bounded batches, one run at a time per
 * process. A timer rather than a queue job: it needs Postgres only, so it keeps running while
 * Redis is down, and two workers purging at once skip each other's rows.
 */
export abstract class PurgeTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  /** `what`: the rows purged, as the log names them. */
  protected constructor(
    name: string,
    private readonly what: string,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {
    this.logger = new Logger(name);
  }

  /** One bounded run; how many rows it deleted. */
  protected abstract purge(): Promise<number>;

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.context
        .runWithTrace(newTraceId(), () => this.purge())
        .then((purged) => {
          if (purged > 0) this.logger.log(`purged ${purged} ${this.what}`);
        })
        .catch((error: unknown) => this.logger.warn({ err: serializeError(error) }, `purge of ${this.what} failed (next run retries)`))
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
