import { Global, Module } from '@nestjs/common';
import { FollowUpDispatcher, HoldExpiryScheduler } from '@hcs/domain';
import { BullMqFollowUpDispatcher } from './bullmq-follow-up.dispatcher';
import { BullMqHoldExpiryScheduler } from './bullmq-hold-expiry.scheduler';

/** Domain ports backed by BullMQ queues; needs `QueuesModule` (api and worker import both). */
@Global()
@Module({
  providers: [
    { provide: HoldExpiryScheduler, useClass: BullMqHoldExpiryScheduler },
    { provide: FollowUpDispatcher, useClass: BullMqFollowUpDispatcher },
  ],
  exports: [HoldExpiryScheduler, FollowUpDispatcher],
})
export class QueueAdaptersModule {}
