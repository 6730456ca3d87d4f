import { Global, Module } from '@nestjs/common';
import { HoldExpiryScheduler } from '@hcs/domain';
import { BullMqHoldExpiryScheduler } from './bullmq-hold-expiry.scheduler';

/** Domain ports backed by BullMQ queues; needs `QueuesModule` (api and worker import both). */
@Global()
@Module({
  providers: [{ provide: HoldExpiryScheduler, useClass: BullMqHoldExpiryScheduler }],
  exports: [HoldExpiryScheduler],
})
export class QueueAdaptersModule {}
