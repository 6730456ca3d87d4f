import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Worker } from 'bullmq';
import { Metrics } from '@hcs/platform';

/** The two steps of a BullMQ worker's fetch loop: waiting on its blocking connection, taking a job. */
const LOOP_STEPS = ['waitForJob', 'moveToActive'] as const;

/** A BullMQ worker seen through its fetch loop's steps (BullMQ keeps them non-public). */
type FetchLoop = Record<(typeof LOOP_STEPS)[number], (...args: unknown[]) => Promise<unknown>>;

/**
 * How long each queue's fetch loop of this process has not come back from a step, as
 * `hcs_worker_fetch_idle_seconds{queue}` (docs/redis-cluster.md "A master killed outright"). A
 * healthy loop comes back at least every ~11 s (BullMQ blocks at most 10 s, its own watchdog one
 * more); a value that keeps growing is a queue this process no longer fetches.
 */
@Injectable()
export class FetchLoopWatch implements OnApplicationBootstrap {
  private readonly lastBack = new Map<string, number>();

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
  }

  private watch(worker: Worker): void {
    this.lastBack.set(worker.name, Date.now());
    const loop = worker as unknown as FetchLoop;
    for (const step of LOOP_STEPS) {
      const original = loop[step].bind(worker);
      loop[step] = async (...args: unknown[]) => {
        try {
          return await original(...args);
        } finally {
          this.lastBack.set(worker.name, Date.now());
        }
      };
    }
  }
}
