import IORedis, { Cluster, ClusterOptions, Command, Redis, RedisOptions } from 'ioredis';
import { armDeadline } from './command-deadline';

/** A Redis connection of the service: one Redis (`REDIS_URL`) or a Redis Cluster (`REDIS_CLUSTER_NODES`). */
export type RedisClient = Redis | Cluster;

export interface RedisNode {
  host: string;
  port: number;
}

export function isCluster(client: RedisClient): client is Cluster {
  return (client as Cluster).isCluster === true;
}

/**
 * How long any request-path Redis command may take, queued while reconnecting included: a Redis
 * outage costs a request at most this (docs/operations-faults.md).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Reconnect forever with a short backoff: a Redis that comes back is used again without a restart. */
export const redisRetryStrategy = (times: number): number => Math.min(200 * times, 2000);

/**
 * Options for every Redis connection of the service: reconnect forever, never retry a command
 * forever, and give up on any command after REDIS_COMMAND_TIMEOUT_MS, so a caller with a
 * deadline gets an answer.
 */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: redisRetryStrategy,
    ...extra,
  };
}

/** What a connection needs, in the terms of both client kinds. */
export interface ConnectionNeeds {
  /** Commands issued while disconnected wait for the connection (true) or fail at once (false). */
  offlineQueue: boolean;
  /** Every command's deadline, waiting and retries included; null: none (a subscriber's SUBSCRIBE). */
  commandTimeout: number | null;
  maxRetriesPerRequest: number | null;
}

/**
 * ioredis bounds a standalone client's commands with `commandTimeout`, but a Cluster applies it
 * only once a command reaches a node: one waiting for the cluster, or retried across a failover,
 * would have no deadline. This one gives every command the deadline when it is issued (a blocking
 * pop's deadline is above its own timeout: the consumer's 30 s against BullMQ's 10 s at most).
 */
class BoundedCluster extends Cluster {
  constructor(
    private readonly seeds: RedisNode[],
    options: ClusterOptions,
    private readonly deadlineMs: number | null,
  ) {
    super(seeds, options);
  }

  /** BullMQ duplicates its connection for blocking pops: the copy keeps the deadline. */
  override duplicate(overrideStartupNodes: RedisNode[] = [], overrideOptions: ClusterOptions = {}): Cluster {
    const nodes = overrideStartupNodes.length > 0 ? overrideStartupNodes : this.seeds;
    return new BoundedCluster(nodes, { ...this.options, ...overrideOptions }, this.deadlineMs);
  }

  override sendCommand(command: Command, stream?: Parameters<Cluster['sendCommand']>[1], node?: unknown): unknown {
    if (this.deadlineMs !== null) armDeadline(command, this.deadlineMs);
    return super.sendCommand(command, stream, node);
  }
}

/**
 * One Redis whose commands get the deadline of `armDeadline` (a reply received during an event
 * loop stall is not lost) instead of ioredis's own; its duplicates (BullMQ's blocking connections)
 * keep it.
 */
class BoundedRedis extends IORedis {
  override duplicate(override: Partial<RedisOptions> = {}): Redis {
    return new BoundedRedis({ ...this.options, ...override });
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const deadlineMs = this.options.commandTimeout;
    if (typeof deadlineMs === 'number') armDeadline(command, deadlineMs);
    return super.sendCommand(command, stream);
  }
}

/**
 * Cluster options: reconnect forever; during a failover (a master gone, its replica not yet
 * promoted) retry a command every 200 ms with a fresh slot map until its deadline.
 */
export function clusterOptions(needs: ConnectionNeeds): ClusterOptions {
  return {
    clusterRetryStrategy: redisRetryStrategy,
    enableOfflineQueue: needs.offlineQueue,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 200,
    maxRedirections: 64,
    slotsRefreshTimeout: 1000,
    redisOptions: {
      connectTimeout: 2000,
      maxRetriesPerRequest: needs.maxRetriesPerRequest,
      ...(needs.commandTimeout !== null ? { commandTimeout: needs.commandTimeout } : {}),
    },
  };
}

/** The one place that constructs ioredis clients (docs/redis-cluster.md). */
export function connectRedis(target: { url: string } | { nodes: RedisNode[] }, needs: ConnectionNeeds, extra: RedisOptions = {}): RedisClient {
  const client =
    'nodes' in target
      ? new BoundedCluster(
          target.nodes,
          {
            ...clusterOptions(needs),
            ...(extra.lazyConnect !== undefined ? { lazyConnect: extra.lazyConnect } : {}),
            ...(extra.retryStrategy !== undefined ? { clusterRetryStrategy: extra.retryStrategy ?? (() => null) } : {}),
          },
          needs.commandTimeout,
        )
      : new BoundedRedis(
          target.url,
          redisOptions({
            enableOfflineQueue: needs.offlineQueue,
            maxRetriesPerRequest: needs.maxRetriesPerRequest,
            ...(needs.commandTimeout !== null ? { commandTimeout: needs.commandTimeout } : { commandTimeout: undefined }),
            ...extra,
          }),
        );
  // Connection errors are reported by readiness; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

/**
 * A connection of its own, on one Redis or the cluster as configured (`REDIS_CLUSTER_NODES` wins
 * over `REDIS_URL`), with the shared client's options and `extra` (`commandTimeout`, `lazyConnect`,
 * `retryStrategy`): the rendered-feed store's bulk copies, the CLI's one-off announcements. The
 * caller closes it.
 */
export function createRedis(
  config: { redisUrl: string; redisClusterNodes: RedisNode[] | null },
  extra: Pick<RedisOptions, 'commandTimeout' | 'lazyConnect' | 'retryStrategy'> = {},
): RedisClient {
  const target = config.redisClusterNodes ? { nodes: config.redisClusterNodes } : { url: config.redisUrl };
  return connectRedis(target, { offlineQueue: true, commandTimeout: extra.commandTimeout ?? REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 }, extra);
}

/**
 * Closes a client at once, failing the commands it holds (docs/operations-faults.md "Stopping").
 * Between two reconnect attempts (Redis away) ioredis's `disconnect()` only cancels the next
 * attempt: the client never ends and its offline queue waits out each command's timeout (30 s on
 * BullMQ's connections). Starting the attempt and cancelling it at once ends it properly: the
 * attempt is abandoned before it opens a socket, and ioredis ends the client and fails its queue.
 * Disconnecting an ended client again holds the process ~2 s (ioredis).
 */
export function closeRedis(client: ClosableRedis): void {
  if (client.status === 'end') return;
  if (client.isCluster !== true && client.status === 'reconnecting') client.connect().catch(() => undefined);
  client.disconnect();
}

/** An ioredis client, or BullMQ's view of one (its connections wrap ioredis clients). */
export interface ClosableRedis {
  readonly status: string;
  readonly isCluster?: boolean;
  connect(): Promise<unknown>;
  disconnect(): void;
}
