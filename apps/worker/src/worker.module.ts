import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, LoggingModule, QueuesModule, RedisModule, RequestContextModule } from '@hcs/platform';
import { PersistenceModule } from '@hcs/persistence';
import { HeartbeatService } from './heartbeat/heartbeat.service';

/** The worker: BullMQ processors over the same persistence and domain as the api. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), LoggingModule.forRoot(), RequestContextModule, RedisModule, PersistenceModule, QueuesModule.forRoot()],
      providers: [HeartbeatService],
    };
  }
}
