import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule, ScrapeCollectors } from '@hcs/persistence';
import { AppConfig, ConfigModule, LoggingModule, MetricsModule, QueueRole, QueuesModule, RedisModule, RequestContextModule } from '@hcs/platform';
import { AdaptersModule } from './adapters.module';
import { QueueAdaptersModule } from './queues/queue-adapters.module';
import { SandboxModule } from './sandbox/sandbox.module';
import { sandboxPortDecorations } from './sandbox/sandbox-ports';

/**
 * What every long-running process of the service stands on (api and worker alike): validated
 * config, JSON logs, the async request context, Redis, Postgres with transactions, the queues,
 * the outside-world adapters and the domain ports they back, the sandbox scenarios, and the process's metrics. Each of
 * these modules is global. `queueRole` says whether the process only adds jobs (api: fail-fast
 * connection) or also runs workers.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot(config: AppConfig, queueRole: QueueRole): DynamicModule {
    return {
      module: ServiceCoreModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(),
        RequestContextModule,
        RedisModule,
        // Outside production the sandbox scenarios act inside a few database ports (docs/sandbox.md).
        PersistenceModule.forRoot({ decorate: sandboxPortDecorations(config) }),
        SandboxModule,
        AdaptersModule,
        QueuesModule.forRoot(queueRole),
        QueueAdaptersModule,
        MetricsModule,
      ],
      // Gauges read at scrape time from Postgres and Redis (docs/operations.md).
      providers: [ScrapeCollectors],
    };
  }
}
