import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisConnections } from './redis-connections';

export * from './redis-client';
export * from './redis-connections';
export * from './cluster-probe';
export * from './reachability-log';

/** The shared Redis client of the process (one Redis or a Cluster): inject with `@Inject(REDIS)`. */
export const REDIS = Symbol('REDIS');

/**
 * Redis for the process: the connection factory (`RedisConnections`, which refuses bad
 * `REDIS_CLUSTER_NODES` at boot) and the shared client (rate limits, caches' pub/sub, readiness,
 * heartbeats).
 */
@Global()
@Module({
  providers: [
    { provide: RedisConnections, inject: [AppConfig], useFactory: (config: AppConfig) => RedisConnections.create(config) },
    { provide: REDIS, inject: [RedisConnections], useFactory: (connections: RedisConnections) => connections.shared },
  ],
  exports: [REDIS, RedisConnections],
})
export class RedisModule {}

export type { Redis } from 'ioredis';
