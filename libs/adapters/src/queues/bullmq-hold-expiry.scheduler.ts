import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { HoldExpiryScheduler, holdExpiryJobDelayMs } from '@hcs/domain';
import { HOLD_EXPIRY_JOBS, HoldExpiryJob, jobIds, QueueName } from '@hcs/platform';
import { withinQueueTimeout } from './queue-timeout';

/**
 * The enqueue (or removal) gives up after this (the backstop sweep expires a hold whose job is
 * missing; a job not removed ends at one read).
 */
const QUEUE_TIMEOUT_MS = 2000;

/**
 * Hold expiry's mechanism (docs/booking-chain.md "Expiry"): one delayed job per hold, deterministic
 * id `hold-expiry-<hold_id>` (enqueued twice, it runs once), payload ids and trace only, firing at
 * the hold's `expires_at`. Expiry itself is decided in SQL by the worker; a job that fires before
 * the database clock says the hold is due is retried (8 attempts, 250 ms apart). A booking removes
 * its hold's job (`cancel`), so a converted hold costs no run of it. A job lost with Redis, or
 * never enqueued, is the backstop sweep's.
 */
@Injectable()
export class BullMqHoldExpiryScheduler extends HoldExpiryScheduler {
  constructor(@InjectQueue(QueueName.HoldExpiry) private readonly queue: Queue<HoldExpiryJob>) {
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
        delay: holdExpiryJobDelayMs(expiresAt, Date.now()),
        attempts: 8,
        backoff: { type: 'fixed', delay: 250 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    );
  }
}
