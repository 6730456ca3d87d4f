import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { DeliverWebhook, DeliveryStep } from '@hcs/domain';
import { newTraceId, QueueName, RequestContext, WebhookDeliveryJob } from '@hcs/platform';

/**
 * One attempt per job (docs/events.md "Retries"). The lock outlives the 10 s attempt budget; a
 * worker that dies mid-attempt leaves a stalled job BullMQ hands to another worker within seconds,
 * which claims the same attempt again (receivers dedupe by `webhook-id`).
 */
@Processor(QueueName.WebhookDelivery, { concurrency: 64, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 })
export class WebhookDeliveryProcessor extends WorkerHost {
  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly context: RequestContext,
  ) {
    super();
  }

  async process(job: Job<WebhookDeliveryJob>): Promise<{ step: DeliveryStep }> {
    const d = job.data;
    return this.context.runWithTrace(newTraceId(), async () => ({
      step: await this.deliver.execute({ tenantId: d.tenant_id, deliveryId: d.delivery_id, chain: d.chain, attempt: d.attempt }),
    }));
  }
}
