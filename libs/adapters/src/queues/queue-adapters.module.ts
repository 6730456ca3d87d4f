import { Global, Module } from '@nestjs/common';
import { FollowUpDispatcher, HoldExpiryScheduler, WebhookDeliveryQueue } from '@hcs/domain';
import { BullMqFollowUpDispatcher } from './bullmq-follow-up.dispatcher';
import { BullMqHoldExpiryScheduler } from './bullmq-hold-expiry.scheduler';
import { BullMqWebhookDeliveryQueue } from './bullmq-webhook-delivery.queue';

/** Domain ports backed by BullMQ queues; needs `QueuesModule` (api and worker import both). */
@Global()
@Module({
  providers: [
    { provide: HoldExpiryScheduler, useClass: BullMqHoldExpiryScheduler },
    { provide: WebhookDeliveryQueue, useClass: BullMqWebhookDeliveryQueue },
    { provide: FollowUpDispatcher, useClass: BullMqFollowUpDispatcher },
  ],
  exports: [HoldExpiryScheduler, WebhookDeliveryQueue, FollowUpDispatcher],
})
export class QueueAdaptersModule {}
