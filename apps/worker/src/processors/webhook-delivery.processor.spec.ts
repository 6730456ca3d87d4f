import type { Job } from 'bullmq';
import type { DeliverWebhook, DeliveryStep } from '@hcs/domain';
import { Metrics, RequestContext, WebhookDeliveryJob } from '@hcs/platform';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';

const job = { data: { tenant_id: 't', delivery_id: 'd', chain: 1, attempt: 2 } } as unknown as Job<WebhookDeliveryJob>;
const context = { runWithTrace: <T>(_id: string, fn: () => Promise<T>) => fn() } as unknown as RequestContext;

async function counted(step: DeliveryStep): Promise<Record<string, number>> {
  const metrics = new Metrics();
  const deliver = { execute: jest.fn().mockResolvedValue(step) } as unknown as DeliverWebhook;
  await expect(new WebhookDeliveryProcessor(deliver, context, metrics).process(job)).resolves.toEqual({ step });
  const counter = await metrics.webhookDeliveries.get();
  const durations = await metrics.webhookDuration.get();
  const out: Record<string, number> = {};
  for (const v of counter.values) out[String(v.labels.outcome)] = v.value;
  out.timed = durations.values.filter((v) => v.metricName?.endsWith('_count')).reduce((n, v) => n + v.value, 0);
  return out;
}

describe('WebhookDeliveryProcessor metrics (docs/operations.md)', () => {
  it('counts each attempt by outcome and times it; a stale job counts nothing', async () => {
    await expect(counted('succeeded')).resolves.toEqual({ succeeded: 1, timed: 1 });
    await expect(counted('pending')).resolves.toEqual({ failed: 1, timed: 1 });
    await expect(counted('failed')).resolves.toEqual({ failed: 1, timed: 1 });
    await expect(counted('dead')).resolves.toEqual({ dead: 1, timed: 1 });
    await expect(counted('stale')).resolves.toEqual({ timed: 0 });
  });
});
