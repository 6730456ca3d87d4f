import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ConnectionOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import type { EventEmitter } from 'node:events';
import type { AppConfig } from '../config/app-config';
import { probeClusterSeeds } from './cluster-probe';
import { closeRedis, connectRedis, ConnectionNeeds, isCluster, REDIS_COMMAND_TIMEOUT_MS, RedisClient, RedisNode } from './redis-client';
import { isConnectionError, ReachabilityLog } from './reachability-log';

/** A BullMQ connection: options BullMQ connects with (one Redis), or a Cluster it shares. */
export type QueueConnection = ConnectionOptions;

/** What `watch` listens to: an ioredis client's events, or a BullMQ backend's. */
export type ConnectionEvents = Pick<EventEmitter, 'on'>;

/** What `/readyz` says about Redis: states only, never hosts (docs/redis-cluster.md). */
export type RedisState = { mode: 'standalone' } | { mode: 'cluster'; cluster_state: string };

/**
 * The factory of every Redis connection of a process (docs/redis-cluster.md): the shared client
 * (rate limits, readiness, heartbeats, the credential-change broadcast), pub/sub subscribers and
 * the BullMQ connections. With `REDIS_CLUSTER_NODES` each is an ioredis Cluster, otherwise a
 * client of `REDIS_URL`. It closes what it opened when the application shuts down: registered in
 * a global module imported before the queues, its hook runs after BullMQ's workers have finished.
 */
export class RedisConnections implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly opened: RedisClient[] = [];
  readonly shared: RedisClient;
  /**
   * Whether Redis is reachable, from every connection of the process (these, and BullMQ's through
   * `watch`): logged once per state change, never per reconnect attempt (docs/operations-faults.md).
   */
  readonly reachability = new ReachabilityLog('Redis', {
    down: (message) => this.logger.warn(message),
    up: (message) => this.logger.log(message),
  });

  private constructor(
    private readonly target: { url: string } | { nodes: RedisNode[] },
    private readonly prefix: string,
  ) {
    this.shared = this.open({ offlineQueue: true, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  }

  /** Checks the cluster seeds first (refusing the boot on bad ones), then opens the shared client. */
  static async create(config: AppConfig): Promise<RedisConnections> {
    const nodes = config.redisClusterNodes;
    if (!nodes) return new RedisConnections({ url: config.redisUrl }, config.queuePrefix);
    const { silent } = await probeClusterSeeds(nodes);
    const connections = new RedisConnections({ nodes }, config.queuePrefix);
    if (silent.length > 0) connections.logger.warn(`REDIS_CLUSTER_NODES: ${silent.join(', ')} did not answer; the cluster is reached through the others`);
    return connections;
  }

  get clustered(): boolean {
    return 'nodes' in this.target;
  }

  /**
   * BullMQ's key prefix. In a cluster every key of a queue (and of a flow across queues) must hash
   * to one slot, hence the hash tag: `{QUEUE_PREFIX}` (BullMQ's documented requirement).
   */
  get queuePrefix(): string {
    return this.clustered ? `{${this.prefix}}` : this.prefix;
  }

  /** Where a deployment's queues live, for a boot line (no credentials). */
  describe(): string {
    return 'nodes' in this.target ? `Redis Cluster (${this.target.nodes.length} seeds)` : new URL(this.target.url).host;
  }

  /** A connection for SUBSCRIBE: waits for Redis and resubscribes after every reconnect. */
  subscriber(): RedisClient {
    return this.open({ offlineQueue: true, commandTimeout: null, maxRetriesPerRequest: null }, { lazyConnect: true });
  }

  /** BullMQ's connection for queues, workers and flow producers, with the role's needs. */
  queueConnection(needs: ConnectionNeeds, single: object): QueueConnection {
    if ('url' in this.target) return { url: this.target.url, ...single };
    return this.open(needs);
  }

  /** Redis as `/readyz` reports it; throws when it does not answer. */
  async state(): Promise<RedisState> {
    const client = this.shared;
    if (!isCluster(client)) {
      await client.ping();
      return { mode: 'standalone' };
    }
    const info = String(await client.cluster('INFO'));
    return { mode: 'cluster', cluster_state: /cluster_state:(\w+)/.exec(info)?.[1] ?? 'unknown' };
  }

  /**
   * Reports a connection's failures and recoveries to `reachability` under `name`: an ioredis
   * client ('error', 'ready', 'end'), or a BullMQ queue or worker backend ('error', 'ready'). An
   * 'error' that is not about the connection (a failed script, a processing error) is the owner's
   * to report.
   */
  watch(name: string, emitter: ConnectionEvents): void {
    emitter.on('error', (error: Error) => {
      if (isConnectionError(error)) this.reachability.failed(name, error);
    });
    emitter.on('ready', () => this.reachability.recovered(name));
    emitter.on('end', () => this.reachability.forget(name));
  }

  onApplicationShutdown(): void {
    this.reachability.silence();
    for (const client of this.opened) closeRedis(client);
  }

  private open(needs: ConnectionNeeds, extra: RedisOptions = {}): RedisClient {
    const client = connectRedis(this.target, needs, extra);
    this.watch(`connection ${this.opened.length + 1}`, client);
    this.opened.push(client);
    return client;
  }
}
