import { WorkerHost } from '@nestjs/bullmq';
import type { DiscoveryService } from '@nestjs/core';
import { Metrics } from '@hcs/platform';
import { parseMetrics, sample } from '../../../../test/support/prometheus-text';
import { FetchLoopWatch } from './fetch-loop-watch';

/** A BullMQ worker as the watch sees it: a name and the two steps of its fetch loop. */
function fakeWorker(name: string) {
  let release: () => void = () => undefined;
  return {
    name,
    waitForJob: jest.fn(() => new Promise<void>((resolve) => (release = resolve))),
    moveToActive: jest.fn(async () => undefined),
    release: () => release(),
  };
}

class FakeHost extends WorkerHost {
  constructor(worker: ReturnType<typeof fakeWorker>) {
    super();
    Object.defineProperty(this, 'worker', { value: worker });
  }
  async process(): Promise<void> {}
}

describe('FetchLoopWatch', () => {
  afterEach(() => jest.useRealTimers());

  it("reports each queue's time since its fetch loop last came back, and keeps it growing while a step hangs", async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate'] });
    const [stuck, healthy] = [fakeWorker('hold-expiry'), fakeWorker('outbox-relay')];
    const stuckStep = stuck.waitForJob;
    const discovery = { getProviders: () => [{ instance: new FakeHost(stuck) }, { instance: new FakeHost(healthy) }, { instance: {} }] };
    const metrics = new Metrics();
    new FetchLoopWatch(discovery as unknown as DiscoveryService, metrics).onApplicationBootstrap();
    const idle = async (queue: string) => sample(parseMetrics(await metrics.render()), 'hcs_worker_fetch_idle_seconds', { queue });

    const hanging = (stuck as unknown as { waitForJob: () => Promise<void> }).waitForJob();
    const waiting = (healthy as unknown as { waitForJob: () => Promise<void> }).waitForJob();
    jest.setSystemTime(1_004_000);
    healthy.release();
    await waiting;
    jest.setSystemTime(1_020_000);

    expect(await idle('outbox-relay')).toBe(16);
    expect(await idle('hold-expiry')).toBe(20);
    stuck.release();
    await hanging;
    expect(await idle('hold-expiry')).toBe(0);
    // The worker's own step still ran, once.
    expect(stuckStep).toHaveBeenCalledTimes(1);
  });
});
