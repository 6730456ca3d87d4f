import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { HoldExpiryScheduler } from '@hcs/domain';
import { AppConfig, HOLD_EXPIRY_JOBS, HoldExpiryJob, jobIds, QueueName } from '@hcs/platform';
import { withinQueueTimeout } from './queue-timeout';

/**
 * The enqueue (or removal) gives up after this (the worker's sweep expires a hold whose job is
 * missing; a job not removed ends at one read).
 */
const QUEUE_TIMEOUT_MS = 2000;

/**
 * One delayed job per hold (deterministic id, payload ids only), the backstop of the worker's sweep
 * of due holds (docs/booking-chain.md "Expiry"): it fires HOLD_EXPIRY_JOB_GRACE_MS after the TTL,
 * when the sweep has normally expired the hold, and then ends at one read; a booking removes its
 * hold's job (`cancel`), so a converted hold costs no run of it. Expiry itself is decided in SQL.
 * Retries cover a job that fires before the database clock says the hold is due.
 */
@Injectable()
export class BullMqHoldExpiryScheduler extends HoldExpiryScheduler {
  constructor(
    @InjectQueue(QueueName.HoldExpiry) private readonly queue: Queue<HoldExpiryJob>,
    private readonly config: AppConfig,
  ) {
    super();
  }

  schedule(tenantId: string, holdId: string, expiresAt: Date, traceId: string): Promise<void> {
    return withinQueueTimeout(this.enqueue(tenantId, holdId, expiresAt, traceId), QUEUE_TIMEOUT_MS, 'hold-expiry');
  }

  /** Removes the job by its id: one script in Redis, against the whole job's run when it fires. */
  async cancel(holdId: string): Promise<void> {
    await withinQueueTimeout(this.queue.remove(jobIds.holdExpiry(holdId)), QUEUE_TIMEOUT_MS, 'hold-expiry');
  }

  private async enqueue(tenantId: string, holdId: string, expiresAt: Date, traceId: string): Promise<void> {
    await this.queue.add(
      HOLD_EXPIRY_JOBS.expire,
      { tenant_id: tenantId, hold_id: holdId, trace_id: traceId },
      {
        jobId: jobIds.holdExpiry(holdId),
        delay: Math.max(0, expiresAt.getTime() - Date.now() + this.config.holdExpiryJobGraceMs),
        attempts: 8,
        backoff: { type: 'fixed', delay: 250 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    );
  }
}
