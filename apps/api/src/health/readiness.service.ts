import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { AppConfig, liveWorkers, REDIS, RedisClient, RedisConnections } from '@hcs/platform';

export type DependencyState = 'ok' | 'degraded' | 'down';

export interface Readiness {
  status: DependencyState;
  service: string;
  timestamp: string;
  dependencies: Record<string, { state: DependencyState; [extra: string]: unknown }>;
}

const PROBE_TIMEOUT_MS = 1500;
const STATE: Record<string, DependencyState> = { up: 'ok', degraded: 'degraded', down: 'down' };

/**
 * Readiness through terminus: Postgres and Redis answer within 1.5 s, and the queues have a live
 * worker (without one, jobs wait: `degraded`). Any dependency `down` makes the service `down`.
 * On a Redis Cluster the redis entry carries `mode: cluster` and `cluster_state` (`ok`, or `fail`
 * and `down`): states only, never hosts (docs/redis-cluster.md).
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly connections: RedisConnections,
    private readonly config: AppConfig,
  ) {}

  async check(): Promise<Readiness> {
    const result = await this.health
      .check([this.db.pingCheck('postgres').withTimeout(PROBE_TIMEOUT_MS), () => this.redisState(), () => this.queues()])
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const dependencies: Readiness['dependencies'] = {};
    for (const [name, { status, ...extra }] of Object.entries(result.details)) {
      dependencies[name] = { state: STATE[status] ?? 'down', ...extra };
    }
    const states = Object.values(dependencies).map((d) => d.state);
    const status: DependencyState = states.includes('down') ? 'down' : states.includes('degraded') ? 'degraded' : 'ok';
    return { status, service: this.config.serviceName, timestamp: new Date().toISOString(), dependencies };
  }

  private async redisState() {
    const session = this.indicators.check('redis');
    const state = await Promise.race([
      this.connections.state(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PROBE_TIMEOUT_MS).unref()),
    ]).catch(() => null);
    if (state === null) return session.down({ message: 'Redis does not answer' });
    if (state.mode === 'standalone') return session.up();
    if (state.cluster_state !== 'ok') return session.down({ mode: state.mode, cluster_state: state.cluster_state });
    return session.up({ mode: state.mode, cluster_state: state.cluster_state });
  }

  private async queues() {
    const session = this.indicators.check('queues');
    const count = await Promise.race([
      liveWorkers(this.redis, this.config.queuePrefix),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PROBE_TIMEOUT_MS).unref()),
    ]).catch(() => null);
    if (count === null) return session.down({ message: 'queue store (Redis) does not answer' });
    if (count === 0) return session.degraded({ live_workers: 0, message: 'no live worker: jobs wait until one starts' });
    return session.up({ live_workers: count });
  }
}
