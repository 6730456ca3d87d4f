import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig, beat, HEARTBEAT_INTERVAL_MS, leave, REDIS, Redis } from '@hcs/platform';

/** Announces this worker to readiness (`/readyz` queues state) while it runs. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Heartbeat');
  private readonly workerId = `${hostname()}:${process.pid}`;
  private timer?: NodeJS.Timeout;
  /** The beat in flight, if any: shutdown waits for it so it cannot land after the leave. */
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.inFlight = beat(this.redis, this.config.queuePrefix, this.workerId).catch((error: Error) => this.logger.warn(`heartbeat failed: ${error.message}`));
    };
    tick();
    this.timer = setInterval(tick, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.inFlight;
    await leave(this.redis, this.config.queuePrefix, this.workerId).catch(() => undefined);
  }
}
