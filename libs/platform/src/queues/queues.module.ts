import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { REDIS_COMMAND_TIMEOUT_MS, redisRetryStrategy } from '../redis/redis-client';
import { RedisConnections } from '../redis/redis-connections';
import { ALL_QUEUES } from './queue-names';
import { QueueErrorReporter } from './queue-error-reporter';
import { QueueShutdown } from './queue-shutdown';

/**
 * Who uses the queues in this process. A `producer` (the api) only adds jobs, on the request path:
 * its connection fails fast while Redis is away. A `consumer` (the worker) runs BullMQ's blocking
 * workers, whose connection must wait for Redis rather than fail a command.
 */
export type QueueRole = 'producer' | 'consumer';

/** A consumer's commands are bounded too, above BullMQ's longest blocking pop (10 s). */
const CONSUMER_COMMAND_TIMEOUT_MS = 30_000;

export interface QueueConnectionOptions {
  connectTimeout: number;
  retryStrategy: (times: number) => number;
  enableOfflineQueue?: boolean;
  maxRetriesPerRequest: number | null;
  commandTimeout: number;
}

export function queueConnectionOptions(role: QueueRole): QueueConnectionOptions {
  const shared = { connectTimeout: 2000, retryStrategy: redisRetryStrategy };
  if (role === 'producer') return { ...shared, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS };
  return { ...shared, maxRetriesPerRequest: null, commandTimeout: CONSUMER_COMMAND_TIMEOUT_MS };
}

/**
 * BullMQ on the process's Redis (one Redis or a Cluster, from `RedisConnections`) with every queue
 * of `QueueName` registered, closed within a bound when the process stops (`QueueShutdown`).
 */
@Module({})
export class QueuesModule {
  static forRoot(role: QueueRole): DynamicModule {
    const queues = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          inject: [RedisConnections],
          useFactory: (connections: RedisConnections) => {
            const options = queueConnectionOptions(role);
            const needs = {
              offlineQueue: options.enableOfflineQueue !== false,
              commandTimeout: options.commandTimeout,
              maxRetriesPerRequest: options.maxRetriesPerRequest,
            };
            return {
              prefix: connections.queuePrefix,
              connection: connections.queueConnection(needs, options),
              // BullMQ asks each new connection for the server's version (INFO) and keeps the
              // outcome for the connection's life: one answer later than the producer's 1 s
              // deadline (its event loop busy at boot) left it unable to add any job until a
              // restart. The worker still checks (its deadline is 30 s). docs/operations-faults.md.
              skipVersionCheck: role === 'producer',
            };
          },
        }),
        queues,
      ],
      providers: [QueueErrorReporter, QueueShutdown],
      exports: [queues, QueueShutdown],
    };
  }
}
