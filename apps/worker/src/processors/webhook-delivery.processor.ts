import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { DeliverWebhook, DeliveryStep } from '@hcs/domain';
import { Metrics, newTraceId, QueueName, RequestContext, WebhookDeliveryJob } from '@hcs/platform';

/** The metric outcome of an attempt (docs/operations.md): a retry still to come counts as `failed`. */
const OUTCOME: Record<DeliveryStep, 'succeeded' | 'failed' | 'dead' | null> = {
  succeeded: 'succeeded',
  pending: 'failed',
  failed: 'failed',
  dead: 'dead',
  stale: null,
};

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
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async process(job: Job<WebhookDeliveryJob>): Promise<{ step: DeliveryStep }> {
    const d = job.data;
    const started = performance.now();
    const step = await this.context.runWithTrace(newTraceId(), () =>
      this.deliver.execute({ tenantId: d.tenant_id, deliveryId: d.delivery_id, chain: d.chain, attempt: d.attempt }),
    );
    const outcome = OUTCOME[step];
    if (outcome) {
      this.metrics.webhookDeliveries.inc({ outcome });
      this.metrics.webhookDuration.observe({ outcome }, (performance.now() - started) / 1000);
    }
    return { step };
  }
}
