import { WorkerHost } from '@nestjs/bullmq';
import type { DiscoveryService } from '@nestjs/core';
import { Metrics } from '@hcs/platform';
import { parseMetrics, sample } from '../../../../test/support/prometheus-text';
import { FETCH_LOOP_STALL_MS, FetchLoopWatch } from './fetch-loop-watch';

/** A BullMQ worker as the watch sees it: a name and the two steps of its fetch loop. */
function fakeWorker(name: string) {
  let release: () => void = () => undefined;
  return {
    name,
    closing: undefined as Promise<void> | undefined,
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

type Loop = { waitForJob: () => Promise<number> };

function watching(...workers: Array<ReturnType<typeof fakeWorker>>) {
  const discovery = { getProviders: () => [...workers.map((w) => ({ instance: new FakeHost(w) })), { instance: {} }] };
  const metrics = new Metrics();
  const watch = new FetchLoopWatch(discovery as unknown as DiscoveryService, metrics);
  watch.onApplicationBootstrap();
  return { watch, metrics };
}

describe('FetchLoopWatch', () => {
  afterEach(() => jest.useRealTimers());

  it('ends a blocking wait stuck longer than the stall bound as "check now", and only that one', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate'] });
    const [stuck, young] = [fakeWorker('oversell-sweep'), fakeWorker('hold-expiry')];
    const { watch } = watching(stuck, young);
    const began = Date.now();
    const stuckWait = (stuck as unknown as Loop).waitForJob();
    jest.setSystemTime(began + 10_000);
    const youngWait = (young as unknown as Loop).waitForJob();
    let youngBack = false;
    void youngWait.then(() => (youngBack = true));
    watch.check(began + FETCH_LOOP_STALL_MS - 1);
    watch.check(began + FETCH_LOOP_STALL_MS + 5);
    await expect(stuckWait).resolves.toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(youngBack).toBe(false);
    young.release();
    await expect(youngWait).resolves.toBeUndefined();
    watch.onApplicationShutdown();
  });

  it('ends every pending wait of a closing worker at once, so its close is not held', async () => {
    const closing = fakeWorker('outbox-relay');
    const { watch } = watching(closing);
    const wait = (closing as unknown as Loop).waitForJob();
    closing.closing = Promise.resolve();
    watch.check();
    await expect(wait).resolves.toBe(Infinity);
    watch.onApplicationShutdown();
  });

  it("reports each queue's time since its fetch loop last came back, and keeps it growing while a step hangs", async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate'] });
    const [stuck, healthy] = [fakeWorker('hold-expiry'), fakeWorker('outbox-relay')];
    const stuckStep = stuck.waitForJob;
    const { watch, metrics } = watching(stuck, healthy);
    const idle = async (queue: string) => sample(parseMetrics(await metrics.render()), 'hcs_worker_fetch_idle_seconds', { queue });

    const hanging = (stuck as unknown as Loop).waitForJob();
    const waiting = (healthy as unknown as Loop).waitForJob();
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
    watch.onApplicationShutdown();
  });
});
