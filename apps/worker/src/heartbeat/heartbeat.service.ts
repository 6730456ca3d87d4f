import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig, beat, HEARTBEAT_INTERVAL_MS, leave, REDIS, Redis } from '@hcs/platform';

/** Announces this worker to readiness (`/readyz` queues state) while it runs. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Heartbeat');
  private readonly workerId = `${hostname()}:${process.pid}`;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => beat(this.redis, this.config.queuePrefix, this.workerId).catch((error: Error) => this.logger.warn(`heartbeat failed: ${error.message}`));
    void tick();
    this.timer = setInterval(tick, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await leave(this.redis, this.config.queuePrefix, this.workerId).catch(() => undefined);
  }
}
