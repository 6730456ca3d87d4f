import { Global, Module } from '@nestjs/common';
import { HoldExpiryScheduler, WebhookDeliveryQueue } from '@hcs/domain';
import { BullMqHoldExpiryScheduler } from './bullmq-hold-expiry.scheduler';
import { BullMqWebhookDeliveryQueue } from './bullmq-webhook-delivery.queue';

/** Domain ports backed by BullMQ queues; needs `QueuesModule` (api and worker import both). */
@Global()
@Module({
  providers: [
    { provide: HoldExpiryScheduler, useClass: BullMqHoldExpiryScheduler },
    { provide: WebhookDeliveryQueue, useClass: BullMqWebhookDeliveryQueue },
  ],
  exports: [HoldExpiryScheduler, WebhookDeliveryQueue],
})
export class QueueAdaptersModule {}
