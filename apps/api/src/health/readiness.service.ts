import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { AppConfig, liveWorkers, maskQuotedInput, REDIS, RedisClient, RedisConnections } from '@hcs/platform';
import { ReadReplica } from '@hcs/persistence';
import { SingleFlightCache } from './single-flight-cache';

export type DependencyState = 'ok' | 'degraded' | 'down';

export interface Readiness {
  status: DependencyState;
  service: string;
  timestamp: string;
  dependencies: Record<string, { state: DependencyState; [extra: string]: unknown }>;
}

const PROBE_TIMEOUT_MS = 1500;
/** `/readyz` answers from a check started at most this long ago, however often it is called (docs/operations.md). */
export const READINESS_MAX_AGE_MS = 1000;
const STATE: Record<string, DependencyState> = { up: 'ok', degraded: 'degraded', down: 'down' };

/**
 * What a dependency may show besides its state: counts and our own state words (a Redis Cluster's
 * `mode` and `cluster_state`), never error text or hosts (docs/security.md, docs/redis-cluster.md).
 */
const SHOWN_FIELDS = new Set(['live_workers', 'mode', 'cluster_state']);

/**
 * Readiness through terminus: Postgres and Redis answer within 1.5 s, and the queues have a live
 * worker (without one, jobs wait: `degraded`), and the read replica when one is configured
 * (skipped: `degraded`). Any dependency `down` makes the service `down`.
 * The answer carries states only: a driver's error text (hosts, addresses, user names) is logged,
 * never shown to the anonymous caller of `/readyz`. On a Redis Cluster the redis entry carries
 * `mode: cluster` and `cluster_state` (`ok`, or `fail` and `down`).
 * The anonymous `/readyz` cannot make the checks run per call: a check started within
 * `READINESS_MAX_AGE_MS` is answered again, and callers who arrive together share one check.
 */
@Injectable()
export class ReadinessService {
  private readonly logger = new Logger('Readiness');
  private lastLogged = '';
  private readonly recent = new SingleFlightCache<Readiness>(READINESS_MAX_AGE_MS);

  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly connections: RedisConnections,
    private readonly config: AppConfig,
    private readonly replica: ReadReplica,
  ) {}

  /** The readiness of a check started at most `READINESS_MAX_AGE_MS` ago (one check in flight at a time). */
  check(): Promise<Readiness> {
    return this.recent.get(() => this.checkNow());
  }

  private async checkNow(): Promise<Readiness> {
    const result = await this.health
      .check([
        this.db.pingCheck('postgres').withTimeout(PROBE_TIMEOUT_MS),
        () => this.redisState(),
        () => this.queues(),
        ...(this.replica.currentState === null ? [] : [() => this.readReplica()]),
      ])
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const dependencies: Readiness['dependencies'] = {};
    const problems: Record<string, unknown> = {};
    for (const [name, { status, ...extra }] of Object.entries(result.details)) {
      const state = STATE[status] ?? 'down';
      const shown = Object.fromEntries(
        Object.entries(extra).filter(([key, value]) => SHOWN_FIELDS.has(key) && (typeof value === 'number' || typeof value === 'string')),
      );
      dependencies[name] = { state, ...shown };
      if (state !== 'ok') problems[name] = { state, message: maskQuotedInput(String((extra as { message?: unknown }).message ?? '')) };
    }
    this.logProblems(problems);
    const states = Object.values(dependencies).map((d) => d.state);
    const status: DependencyState = states.includes('down') ? 'down' : states.includes('degraded') ? 'degraded' : 'ok';
    return { status, service: this.config.serviceName, timestamp: new Date().toISOString(), dependencies };
  }

  /** Logs what is wrong once per change, so an outage does not flood the log at every probe. */
  private logProblems(problems: Record<string, unknown>): void {
    const text = JSON.stringify(problems);
    if (text === this.lastLogged) return;
    this.lastLogged = text;
    if (text !== '{}') this.logger.warn({ dependencies: problems }, 'readiness: a dependency is not ok');
  }

  /**
   * The read replica (only when DATABASE_READ_URL is set), from its last lag check: never `down`,
   * since its reads fall back to the primary (docs/scaling.md). States only, no address.
   */
  private readReplica() {
    const session = this.indicators.check('postgres_replica');
    const state = this.replica.currentState;
    if (state === 'ok') return session.up();
    if (state === 'lagging') return session.degraded({ message: 'replica lags more than DATABASE_READ_MAX_LAG_SECONDS: reads go to the primary' });
    return session.degraded({ message: 'replica unavailable: reads go to the primary' });
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
