import { Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { AppConfig, ConfigError } from '@hcs/platform';
import { dataSourceOptions } from '../data-source';
import { isReadOnlyStatement } from './read-only-statement';
import { installReplicaRouting, isConnectionFailure, type RoutableReplica } from './replica-routing';
import { queryOnPool } from '../sql/pool-query';

/** `ok`: reads may go to the replica; `lagging` or `down`: they go to the primary. */
export type ReplicaState = 'ok' | 'lagging' | 'down';

const CHECK_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;
/** Request-context keys: the route allows replica reads; the request has written (or opened a transaction). */
const REPLICA_READS = 'hcs.replicaReads';
const REQUEST_WROTE = 'hcs.requestWrote';

/** The primary's WAL position and cluster identity. */
interface PrimaryProbe {
  lsn: string;
  system_id: string | null;
}

interface ReplicaProbe {
  recovery: boolean;
  system_id: string | null;
  caught_up: boolean | null;
  seconds_since_replay: number | null;
}

/**
 * The optional streaming replica of `DATABASE_READ_URL` (docs/scaling.md "Read replica"). Only
 * routes that opt in (the api's `@ReadsFromReplica()`) may read from it, and only while it is
 * healthy: a plain SELECT outside any transaction, before the request wrote anything. A check
 * every second measures its lag; down, promoted or lagging more than
 * `DATABASE_READ_MAX_LAG_SECONDS`, it is skipped and every read goes to the primary (readiness
 * says `degraded`). A URL that is not a replica of `DATABASE_URL`'s cluster is refused at boot.
 */
@Injectable()
export class ReadReplica implements OnModuleInit, OnModuleDestroy, RoutableReplica {
  private readonly logger = new Logger('ReadReplica');
  private pool: Pool | null = null;
  private state: ReplicaState = 'down';
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    @Optional() private readonly cls?: ClsService,
  ) {}

  /** null when no replica is configured. */
  get currentState(): ReplicaState | null {
    return this.pool ? this.state : null;
  }

  async onModuleInit(): Promise<void> {
    const url = this.config.databaseReadUrl;
    if (!url) return;
    const driver = this.dataSource.driver as PostgresDriver;
    const extra = (dataSourceOptions(this.config) as { extra: Record<string, unknown> }).extra;
    const pool = new driver.postgres.Pool({ ...extra, connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS }) as Pool;
    pool.on('error', () => undefined);
    this.pool = pool;
    // Refused at boot: a URL that answers but is not a replica of our primary. One that does not
    // answer only degrades (reads stay on the primary until it does).
    const probe = await this.probe().catch((error: unknown) => {
      this.logger.warn(`DATABASE_READ_URL does not answer (${error instanceof Error ? error.message : String(error)}): reads go to the primary until it does`);
      return null;
    });
    if (probe) {
      const refusal = this.refusal(probe.replica, probe.primarySystemId);
      if (refusal) {
        await pool.end().catch(() => undefined);
        this.pool = null;
        throw new ConfigError([refusal]);
      }
      this.state = this.judge(probe.replica);
    }
    installReplicaRouting(this.dataSource, this);
    this.timer = setInterval(() => void this.refresh(), CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }

  /** Lets the replica answer this request's reads (an opt-in of the route). */
  allowForThisRequest(): void {
    if (this.cls?.isActive()) this.cls.set(REPLICA_READS, true);
  }

  /** Whether this statement of the current request may go to the replica. */
  answers(sql: string): boolean {
    if (!this.pool || this.state !== 'ok' || !this.cls?.isActive()) return false;
    if (this.cls.get(REPLICA_READS) !== true || this.cls.get(REQUEST_WROTE) === true) return false;
    return isReadOnlyStatement(sql);
  }

  /** The request wrote or opened a transaction: its later reads must see that, on the primary. */
  noteWrite(): void {
    if (this.cls?.isActive() && this.cls.get(REPLICA_READS) === true) this.cls.set(REQUEST_WROTE, true);
  }

  /** A replica connection failed mid-request: skip it until the next check says otherwise. */
  markDown(reason: string): void {
    if (this.state !== 'down') this.logger.warn(`read replica unusable (${reason}): reads go to the primary`);
    this.state = 'down';
  }

  /** A pooled replica connection, the way TypeORM's driver takes one. */
  connect(): Promise<[PoolClient, (error?: Error) => void]> {
    const pool = this.pool;
    if (!pool) return Promise.reject(new Error('no read replica configured'));
    return new Promise((resolve, reject) => {
      pool.connect((error, client, release) => (error || !client ? reject(error ?? new Error('no replica connection')) : resolve([client, release])));
    });
  }

  /**
   * Runs a read on the replica's pool; null when the replica failed to answer (connection refused,
   * lost, timed out): it is marked down and the caller reads on the primary instead.
   */
  async query<R extends QueryResultRow>(text: string, values: unknown[], name?: string): Promise<QueryResult<R> | null> {
    const pool = this.pool;
    if (!pool) return null;
    try {
      return await queryOnPool<R>(pool, { text, values, name });
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      this.markDown(error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** One check; also what the timer runs. */
  async refresh(): Promise<ReplicaState | null> {
    if (!this.pool || this.checking) return this.currentState;
    this.checking = true;
    try {
      const probe = await this.probe();
      const refusal = this.refusal(probe.replica, probe.primarySystemId);
      this.transition(refusal ? 'down' : this.judge(probe.replica), refusal ?? 'replication lag');
    } catch (error) {
      this.transition('down', error instanceof Error ? error.message : String(error));
    } finally {
      this.checking = false;
    }
    return this.currentState;
  }

  private transition(next: ReplicaState, reason: string): void {
    if (next === this.state) return;
    if (next === 'ok') this.logger.log('read replica back in use');
    else this.logger.warn(`read replica ${next} (${reason}): reads go to the primary`);
    this.state = next;
  }

  private judge(replica: ReplicaProbe): ReplicaState {
    if (!replica.recovery) return 'down';
    if (replica.caught_up) return 'ok';
    const lag = replica.seconds_since_replay;
    return lag !== null && lag <= this.config.databaseReadMaxLagSeconds ? 'ok' : 'lagging';
  }

  private refusal(replica: ReplicaProbe, primarySystemId: string | null): string | null {
    if (!replica.recovery)
      return 'DATABASE_READ_URL: the server is not in recovery (it accepts writes: the primary itself?); expected a streaming replica of DATABASE_URL';
    if (primarySystemId && replica.system_id && primarySystemId !== replica.system_id)
      return 'DATABASE_READ_URL: the server replicates another cluster than DATABASE_URL (different system identifier)';
    return null;
  }

  /** The primary's WAL position and identity, then whether the replica has replayed up to it. */
  private async probe(): Promise<{ replica: ReplicaProbe; primarySystemId: string | null }> {
    const work = async () => {
      // On the primary's own pool: a probe is no request's read and must not be routed.
      const primaryPool: Pool = (this.dataSource.driver as PostgresDriver).master;
      const primary = (
        await primaryPool.query<PrimaryProbe>(
          `SELECT pg_current_wal_lsn()::text AS lsn, (SELECT system_identifier::text FROM pg_control_system()) AS system_id`,
        )
      ).rows[0];
      const result = await this.pool!.query<ReplicaProbe>(
        `SELECT pg_is_in_recovery() AS recovery,
                (SELECT system_identifier::text FROM pg_control_system()) AS system_id,
                CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() >= $1::pg_lsn END AS caught_up,
                EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 AS seconds_since_replay`,
        [primary.lsn],
      );
      return { replica: result.rows[0], primarySystemId: primary.system_id };
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
