import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ALL_QUEUES } from './queue-names';
import { QueueErrorReporter } from './queue-error-reporter';

/**
 * BullMQ on the shared Redis with every queue of `QueueName` registered, for producers (api) and
 * processors (worker) alike.
 */
@Module({})
export class QueuesModule {
  static forRoot(): DynamicModule {
    const queues = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            prefix: config.queuePrefix,
            connection: {
              url: config.redisUrl,
              // BullMQ's blocking connections must wait for Redis rather than fail a command.
              maxRetriesPerRequest: null,
              connectTimeout: 2000,
              retryStrategy: (times: number) => Math.min(200 * times, 2000),
            },
          }),
        }),
        queues,
      ],
      providers: [QueueErrorReporter],
      exports: [queues],
    };
  }
}
