import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Worker } from 'bullmq';
import { Metrics } from '@hcs/platform';

/**
 * A BullMQ worker seen through the two steps of its fetch loop (BullMQ keeps them non-public):
 * waiting on its blocking connection, and taking a job.
 */
type FetchLoop = Record<'waitForJob' | 'moveToActive', (...args: unknown[]) => Promise<unknown>>;

/** A healthy loop comes back at least every ~11 s (BullMQ blocks at most 10 s, its own watchdog one more). */
export const FETCH_LOOP_STALL_MS = 15_000;
const CHECK_EVERY_MS = 2_000;

/** A wait of the fetch loop not back yet: when it began, and how to end it from outside. */
interface PendingWait {
  since: number;
  end: (blockUntil: number) => void;
}

/**
 * How long each queue's fetch loop of this process has not come back from a step, as
 * `hcs_worker_fetch_idle_seconds{queue}`, and the recovery of a loop stuck in its blocking wait
 * (docs/redis-cluster.md "A master killed outright"). After a Redis Cluster master is killed,
 * BullMQ's wait can stay pending for good while it resets its blocking connection (the connection
 * itself ready again): the worker no longer fetches that queue and its close waits on it. A wait
 * pending longer than FETCH_LOOP_STALL_MS is ended here as "check now" (the loop then takes a due
 * job, delayed ones included, and waits again), logged once per stall; on close every pending wait
 * is ended at once, so a stuck wait cannot hold the stop.
 */
@Injectable()
export class FetchLoopWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Workers');
  private readonly lastBack = new Map<string, number>();
  private readonly pending = new Map<Worker, Set<PendingWait>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const workers = this.discovery
      .getProviders()
      .map((wrapper): unknown => wrapper.instance)
      .filter((host): host is WorkerHost => host instanceof WorkerHost && host.worker !== undefined)
      .map((host) => host.worker);
    for (const worker of workers) this.watch(worker);
    this.metrics.onScrape('fetch_loops', async () => {
      const now = Date.now();
      for (const [queue, at] of this.lastBack) this.metrics.fetchLoopIdle.set({ queue }, (now - at) / 1000);
    });
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private watch(worker: Worker): void {
    this.lastBack.set(worker.name, Date.now());
    this.pending.set(worker, new Set());
    const loop = worker as unknown as FetchLoop;
    const back = () => this.lastBack.set(worker.name, Date.now());
    const take = loop.moveToActive.bind(worker);
    loop.moveToActive = async (...args: unknown[]) => {
      try {
        return await take(...args);
      } finally {
        back();
      }
    };
    const wait = loop.waitForJob.bind(worker);
    loop.waitForJob = async (...args: unknown[]) => {
      const waits = this.pending.get(worker)!;
      let pendingWait: PendingWait | undefined;
      const ended = new Promise<number>((resolve) => (pendingWait = { since: Date.now(), end: resolve }));
      waits.add(pendingWait!);
      const original = wait(...args);
      // Ended from outside, the original may still settle (or fail) later: nobody waits for it.
      original.catch(() => undefined);
      try {
        return await Promise.race([original, ended]);
      } finally {
        waits.delete(pendingWait!);
        back();
      }
    };
  }

  /** Ends the waits stuck longer than FETCH_LOOP_STALL_MS, and every wait of a closing worker. */
  check(now = Date.now()): void {
    for (const [worker, waits] of this.pending) {
      for (const pendingWait of waits) {
        if (worker.closing) {
          // Nothing to fetch any more: the loop ends, and the close with it.
          pendingWait.end(Infinity);
          waits.delete(pendingWait);
        } else if (now - pendingWait.since >= FETCH_LOOP_STALL_MS) {
          this.logger.warn(`fetch loop of ${worker.name} stuck ${Math.round((now - pendingWait.since) / 1000)} s in its blocking wait; checking the queue now`);
          pendingWait.end(0);
          waits.delete(pendingWait);
        }
      }
    }
  }
}
