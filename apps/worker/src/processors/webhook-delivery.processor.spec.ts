import { DelayedError, type Job } from 'bullmq';
import type { DeliverChannelMessage, DeliverWebhook, DeliveryStep } from '@hcs/domain';
import { Metrics, RequestContext, WebhookDeliveryJob } from '@hcs/platform';
import { TenantDeliverySlots } from '../webhooks/tenant-delivery-slots';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';

const job = { data: { tenant_id: 't', delivery_id: 'd', chain: 1, attempt: 2 } } as unknown as Job<WebhookDeliveryJob>;
const slots = { acquire: jest.fn().mockResolvedValue(true), release: jest.fn().mockResolvedValue(undefined) } as unknown as TenantDeliverySlots;
const context = { runWithTrace: <T>(_id: string, fn: () => Promise<T>) => fn() } as unknown as RequestContext;
const noChannel = { execute: jest.fn().mockRejectedValue(new Error('not a channel job')) } as unknown as DeliverChannelMessage;

async function counted(step: DeliveryStep): Promise<Record<string, number>> {
  const metrics = new Metrics();
  const deliver = { execute: jest.fn().mockResolvedValue(step) } as unknown as DeliverWebhook;
  await expect(new WebhookDeliveryProcessor(deliver, context, metrics, slots, noChannel).process(job)).resolves.toEqual({ step });
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

describe('WebhookDeliveryProcessor fairness (docs/events.md "Fairness between tenants")', () => {
  it('puts a job over its tenant share back for 1-2 s without delivering, and frees the slot after an attempt', async () => {
    const deliver = { execute: jest.fn().mockResolvedValue('succeeded') } as unknown as DeliverWebhook;
    const full = { acquire: jest.fn().mockResolvedValue(false), release: jest.fn() } as unknown as TenantDeliverySlots;
    const moveToDelayed = jest.fn().mockResolvedValue(undefined);
    const deferred = { ...job, id: 'job-1', moveToDelayed } as unknown as Job<WebhookDeliveryJob>;
    const metrics = new Metrics();
    const before = Date.now();
    await expect(new WebhookDeliveryProcessor(deliver, context, metrics, full, noChannel).process(deferred, 'tok')).rejects.toBeInstanceOf(DelayedError);
    expect(deliver.execute).not.toHaveBeenCalled();
    const [at, token] = moveToDelayed.mock.calls[0] as [number, string];
    expect(token).toBe('tok');
    expect(at - before).toBeGreaterThanOrEqual(1_000);
    expect(at - Date.now()).toBeLessThanOrEqual(2_000);
    expect((await metrics.webhookDeferred.get()).values[0]?.value).toBe(1);

    const failing = { execute: jest.fn().mockRejectedValue(new Error('db down')) } as unknown as DeliverWebhook;
    const free = { acquire: jest.fn().mockResolvedValue(true), release: jest.fn().mockResolvedValue(undefined) } as unknown as TenantDeliverySlots;
    await expect(new WebhookDeliveryProcessor(failing, context, new Metrics(), free, noChannel).process(deferred)).rejects.toThrow('db down');
    expect(free.release).toHaveBeenCalledWith('t', 'job-1');
  });

  it('lets a tenant borrow past its share only while the worker keeps 16 of its 64 slots free', async () => {
    const gates: Array<() => void> = [];
    const deliver = { execute: jest.fn(() => new Promise((resolve) => gates.push(() => resolve('succeeded')))) } as unknown as DeliverWebhook;
    const acquire = jest.fn().mockResolvedValue(true);
    const slots = { acquire, release: jest.fn().mockResolvedValue(undefined) } as unknown as TenantDeliverySlots;
    const processor = new WebhookDeliveryProcessor(deliver, context, new Metrics(), slots, noChannel);
    const jobs = Array.from({ length: 50 }, (_, i) => ({ ...job, id: `j${i}` }) as unknown as Job<WebhookDeliveryJob>);
    const running = jobs.map((j) => processor.process(j));
    await new Promise((r) => setImmediate(r));
    const borrowFlags = acquire.mock.calls.map((c) => c[2] as boolean);
    expect(borrowFlags.slice(0, 48)).toEqual(Array(48).fill(true));
    expect(borrowFlags.slice(48)).toEqual([false, false]);
    gates.forEach((open) => open());
    await Promise.all(running);
  });
});

describe('WebhookDeliveryProcessor channel deliveries (docs/channels-out.md)', () => {
  it('hands a channel job to the channel use case and counts it in hcs_channel_deliveries_total only', async () => {
    const metrics = new Metrics();
    const deliver = { execute: jest.fn() } as unknown as DeliverWebhook;
    const channel = { execute: jest.fn().mockResolvedValue('dead') } as unknown as DeliverChannelMessage;
    const channelJob = { data: { ...job.data, target: 'channel' } } as unknown as Job<WebhookDeliveryJob>;
    await expect(new WebhookDeliveryProcessor(deliver, context, metrics, slots, channel).process(channelJob)).resolves.toEqual({ step: 'dead' });
    expect(deliver.execute).not.toHaveBeenCalled();
    expect(channel.execute).toHaveBeenCalledWith({ tenantId: 't', deliveryId: 'd', chain: 1, attempt: 2, target: 'channel' });
    expect((await metrics.channelDeliveries.get()).values).toEqual([expect.objectContaining({ labels: { outcome: 'dead' }, value: 1 })]);
    expect((await metrics.webhookDeliveries.get()).values).toEqual([]);
  });
});
