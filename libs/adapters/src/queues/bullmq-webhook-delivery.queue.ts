import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DeliveryJobRef, WebhookDeliveryQueue } from '@hcs/domain';
import { jobIds, QueueName, WEBHOOK_DELIVERY_JOBS, WebhookDeliveryJob } from '@hcs/platform';
import { withinQueueTimeout } from './queue-timeout';

/** Past this, an enqueue counts as failed (Redis down): the caller must not hang (docs/events.md "Relay"). */
export const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * One job per attempt, id `webhook-delivery-<delivery>-<chain>-<attempt>` (a channel delivery's
 * `channel-delivery-…`, docs/channels-out.md): adding the same attempt twice is one job. BullMQ's own retries are off: the retry schedule is ours, kept in the row.
 */
@Injectable()
export class BullMqWebhookDeliveryQueue extends WebhookDeliveryQueue {
  constructor(@InjectQueue(QueueName.WebhookDelivery) private readonly queue: Queue<WebhookDeliveryJob>) {
    super();
  }

  async enqueue(refs: DeliveryJobRef[]): Promise<void> {
    const jobs = refs.map((r) => ({
      name: WEBHOOK_DELIVERY_JOBS.deliver,
      data: { tenant_id: r.tenantId, delivery_id: r.deliveryId, chain: r.chain, attempt: r.attempt, ...(r.target ? { target: r.target } : {}) },
      opts: {
        jobId: (r.target === 'channel' ? jobIds.channelDelivery : jobIds.webhookDelivery)(r.deliveryId, r.chain, r.attempt),
        delay: r.at ? Math.max(0, r.at.getTime() - Date.now()) : 0,
        removeOnComplete: 10_000,
        removeOnFail: 10_000,
      },
    }));
    await withinQueueTimeout(this.queue.addBulk(jobs), ENQUEUE_TIMEOUT_MS, 'webhook-delivery');
  }
}
