import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { DeliverChannelMessage, DeliverWebhook, DeliveryStep } from '@hcs/domain';
import { Metrics, newTraceId, QueueName, RequestContext, WebhookDeliveryJob } from '@hcs/platform';
import { overShareDelayMs, SLOTS_KEPT_FREE, TenantDeliverySlots, WEBHOOK_WORKER_CONCURRENCY } from '../webhooks/tenant-delivery-slots';

/** The metric outcome of an attempt (docs/operations.md): a retry still to come counts as `failed`. */
const OUTCOME: Record<DeliveryStep, 'succeeded' | 'failed' | 'dead' | null> = {
  succeeded: 'succeeded',
  pending: 'failed',
  failed: 'failed',
  dead: 'dead',
  stale: null,
};

/**
 * One attempt per job (docs/events.md "Retries"): a webhook delivery, or a channel delivery
 * (`target: 'channel'`, docs/channels-out.md) under the same slots, schedule and fairness. The lock outlives the 10 s attempt budget; a
 * worker that dies mid-attempt leaves a stalled job BullMQ hands to another worker within seconds,
 * which claims the same attempt again (receivers dedupe by `webhook-id`).
 *
 * Fairness (docs/events.md "Fairness between tenants"): an attempt first takes one of its tenant's
 * slots. Within its share it always may; past its share it may borrow while this worker keeps
 * SLOTS_KEPT_FREE slots free for other tenants (so a lone busy tenant still uses the whole worker).
 * A job refused goes back to the delayed set for 1-2 s without touching the delivery row, so it
 * frees its worker slot for other tenants at once.
 */
@Processor(QueueName.WebhookDelivery, { concurrency: WEBHOOK_WORKER_CONCURRENCY, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 })
export class WebhookDeliveryProcessor extends WorkerHost {
  /** Attempts of this worker past the slot check (counted before the check, so parallel checks see each other). */
  private active = 0;

  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly context: RequestContext,
    private readonly metrics: Metrics,
    private readonly slots: TenantDeliverySlots,
    private readonly channel: DeliverChannelMessage,
  ) {
    super();
  }

  /** The worker's concurrency now (WORKER_CONCURRENCY_WEBHOOK_DELIVERY may change the default 64). */
  private concurrency(): number {
    try {
      return this.worker.concurrency;
    } catch {
      return WEBHOOK_WORKER_CONCURRENCY; // not registered with BullMQ (unit tests)
    }
  }

  async process(job: Job<WebhookDeliveryJob>, token?: string): Promise<{ step: DeliveryStep }> {
    const d = job.data;
    const holder = job.id ?? `${d.delivery_id}-${d.chain}-${d.attempt}`;
    const mayBorrow = this.active < this.concurrency() - SLOTS_KEPT_FREE;
    this.active += 1;
    let admitted = false;
    try {
      admitted = await this.slots.acquire(d.tenant_id, holder, mayBorrow);
    } finally {
      if (!admitted) this.active -= 1;
    }
    if (!admitted) {
      this.metrics.webhookDeferred.inc();
      await job.moveToDelayed(Date.now() + overShareDelayMs(Math.random()), token);
      throw new DelayedError();
    }
    const started = performance.now();
    let step: DeliveryStep;
    try {
      const ref = { tenantId: d.tenant_id, deliveryId: d.delivery_id, chain: d.chain, attempt: d.attempt };
      step = await this.context.runWithTrace(newTraceId(), () =>
        d.target === 'channel' ? this.channel.execute({ ...ref, target: 'channel' }) : this.deliver.execute(ref),
      );
    } finally {
      this.active -= 1;
      await this.slots.release(d.tenant_id, holder);
    }
    const outcome = OUTCOME[step];
    if (outcome && d.target === 'channel') this.metrics.channelDeliveries.inc({ outcome });
    else if (outcome) {
      this.metrics.webhookDeliveries.inc({ outcome });
      this.metrics.webhookDuration.observe({ outcome }, (performance.now() - started) / 1000);
    }
    return { step };
  }
}
