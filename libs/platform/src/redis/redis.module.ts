import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import IORedis, { Redis, RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

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

export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  const client = new IORedis(url, redisOptions(extra));
  // Connection errors are reported by readiness; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    // Disconnecting an ended client again arms ioredis' connect timeout and holds the process ~2 s.
    if (this.redis.status !== 'end') this.redis.disconnect();
  }
}

/** One shared ioredis client (rate limits, caches, readiness) for the process. */
@Global()
@Module({
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedis(config.redisUrl) }, RedisLifecycle],
  exports: [REDIS],
})
export class RedisModule {}

export type { Redis };
