import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig, beat, HEARTBEAT_INTERVAL_MS, leave, REDIS, RedisClient, RedisConnections } from '@hcs/platform';

/** Announces this worker to readiness (`/readyz` queues state) while it runs. */
@Injectable()
export class HeartbeatService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Heartbeat');
  private readonly workerId = `${hostname()}:${process.pid}`;
  private timer?: NodeJS.Timeout;
  /** The beat in flight, if any: shutdown waits for it so it cannot land after the leave. */
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly config: AppConfig,
    private readonly connections: RedisConnections,
  ) {}

  /**
   * Announces the worker. Called by the bootstrap once the app is initialised and its shutdown
   * hooks are armed: a worker readiness counts as live is one that withdraws itself on SIGTERM.
   */
  start(): void {
    const tick = () => {
      // While Redis is away every beat fails: the outage is logged once, by `reachability`.
      this.inFlight = beat(this.redis, this.config.queuePrefix, this.workerId).catch((error: Error) => {
        if (!this.connections.reachability.down) this.logger.warn(`heartbeat failed: ${error.message}`);
      });
    };
    tick();
    this.timer = setInterval(tick, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * Before every `onApplicationShutdown` hook, so the shared Redis client (closed in one of those)
   * is still connected when the worker withdraws its heartbeat.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.inFlight;
    // Redis away: the heartbeat runs out by itself within its TTL; retrying would only delay the stop.
    if (this.connections.reachability.down) {
      this.logger.warn('heartbeat not withdrawn (Redis unreachable): readiness stops counting this worker within 15 s');
      return;
    }
    // A heartbeat left behind counts this worker as live for 15 s more: retry a failed withdrawal.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await leave(this.redis, this.config.queuePrefix, this.workerId);
        return;
      } catch (failure) {
        this.logger.warn(`heartbeat not withdrawn (attempt ${attempt} of 3): ${(failure as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
