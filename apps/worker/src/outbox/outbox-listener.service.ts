import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RelayOutbox } from '@hcs/domain';
import { AppConfig, newTraceId, RequestContext, serializeError } from '@hcs/platform';
import { PgChannelListener } from '@hcs/persistence';

/** Postgres channel the outbox insert trigger notifies (migration 1764300000000-Webhooks). */
export const OUTBOX_CHANNEL = 'outbox_events';
/** Without a notification (connection lost, missed wake-up) the outbox is still checked this often. */
export const OUTBOX_POLL_MS = 1_000;

/**
 * Wakes the relay within milliseconds of a commit (`LISTEN outbox_events`) and polls every second
 * as a fallback; the `outbox-relay` job is the slower catch-up. Drains never overlap within a
 * process; across processes the relay's `SKIP LOCKED` lets them share the work.
 */
@Injectable()
export class OutboxListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private listener: PgChannelListener | null = null;
  private poll?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly relay: RelayOutbox,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
  ) {}

  onApplicationBootstrap(): void {
    this.listener = new PgChannelListener(this.config.databaseDirectUrl, OUTBOX_CHANNEL, {
      notified: () => this.wake(),
      // A drain at once picks up what was committed while nobody listened.
      listening: () => this.wake(),
      deaf: () => undefined,
    });
    this.listener.start();
    this.poll = setInterval(() => this.wake(), OUTBOX_POLL_MS);
    this.poll.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.listener?.stop();
  }

  /** Runs a drain now, or once more right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.context
      .runWithTrace(newTraceId(), () => this.relay.drain())
      .catch((error: unknown) => this.logger.warn({ err: serializeError(error) }, 'relay deferred'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }
}
