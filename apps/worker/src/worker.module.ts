import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { BookingModule, FollowUpModule } from '@hcs/domain';
import { ServiceCoreModule } from '@hcs/persistence';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { HoldExpiryProcessor } from './processors/hold-expiry.processor';
import { GuestFollowUpProcessor } from './processors/guest-follow-up.processor';

/** The worker: BullMQ processors over the same persistence and domain as the api. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ServiceCoreModule.forRoot(config), BookingModule, FollowUpModule],
      providers: [HeartbeatService, HoldExpiryProcessor, GuestFollowUpProcessor],
    };
  }
}
