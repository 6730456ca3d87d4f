import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { BookingModule, OversellModule } from '@hcs/domain';
import { ServiceCoreModule } from '@hcs/persistence';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { HoldExpiryProcessor } from './processors/hold-expiry.processor';
import { OversellSweepProcessor } from './processors/oversell-sweep.processor';

/** The worker: BullMQ processors over the same persistence and domain as the api. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ServiceCoreModule.forRoot(config), BookingModule, OversellModule],
      providers: [HeartbeatService, HoldExpiryProcessor, OversellSweepProcessor],
    };
  }
}
