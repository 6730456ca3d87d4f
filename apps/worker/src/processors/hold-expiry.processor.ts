import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DueHoldJob, DueHoldOutcome, ExpireDueHolds, ExpireHold, RecoverStrandedPayments } from '@hcs/domain';
import { AppConfig, HOLD_EXPIRY_JOBS, HoldExpiryJob, JOB_SCHEDULER_IDS, newTraceId, QueueName, RequestContext, serializeError } from '@hcs/platform';
import { HoldExpiryBatcher } from './hold-expiry-batcher';

export class HoldNotDueYet extends Error {
  constructor(holdId: string) {
    super(`hold ${holdId} is not past its TTL by the database clock yet; retrying`);
    this.name = 'HoldNotDueYet';
  }
}

/** Holds expired by one batch statement at most (docs/performance.md). */
export const HOLD_EXPIRY_BATCH = 500;

/**
 * Hold expiry's backstops; the primary path is `HoldExpirySweeper`, which expires due holds in sets
 * every HOLD_EXPIRY_SWEEP_INTERVAL_MS. Here: a delayed job per hold (enqueued by the api after the
 * hold commits, HOLD_EXPIRY_JOB_GRACE_MS after its TTL) and a repeatable sweep every
 * HOLD_SWEEP_INTERVAL_SECONDS for holds whose job Redis lost (it takes holds overdue by more than
 * that grace, one by one, and dead-letters one that keeps failing). The jobs that fire together are
 * settled in one transaction (`ExpireDueHolds`, gathered by `HoldExpiryBatcher`): a hold the sweep
 * already expired ends its job there (one read per batch), a due one is expired; a hold left
 * undecided (not due yet by the database clock, locked by a booking in progress), or a batch that
 * failed, goes through `ExpireHold.expireDue` on its own, which decides in SQL. A second repeatable sweep, independent of the first (its
 * own job: one failing never stops the other), resumes payments stranded by a crashed api. Each
 * sweep handles its rows one by one and dead-letters a row that keeps failing
 * (docs/operations-faults.md). A job that fires before the hold is due throws so BullMQ retries it
 * shortly; any other failure is rethrown for BullMQ's retries too.
 */
@Processor(QueueName.HoldExpiry, { concurrency: 64 })
export class HoldExpiryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('HoldExpiry');
  private readonly batcher: HoldExpiryBatcher<DueHoldJob, DueHoldOutcome>;

  constructor(
    private readonly expire: ExpireHold,
    private readonly recover: RecoverStrandedPayments,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.HoldExpiry) private readonly queue: Queue,
    expireDue: ExpireDueHolds,
  ) {
    super();
    this.batcher = new HoldExpiryBatcher((jobs) => this.context.runWithTrace(newTraceId(), () => expireDue.execute(jobs)), HOLD_EXPIRY_BATCH);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertJobSchedulers();
  }

  /** Its sweep schedulers; upserted again by `JobSchedulerKeeper` (docs/redis-cluster.md). */
  async upsertJobSchedulers(): Promise<void> {
    const every = this.config.holdSweepIntervalSeconds * 1000;
    await this.queue.upsertJobScheduler(JOB_SCHEDULER_IDS.holdExpirySweep, { every }, { name: HOLD_EXPIRY_JOBS.sweep, data: {} });
    await this.queue.upsertJobScheduler(JOB_SCHEDULER_IDS.strandedPaymentsSweep, { every }, { name: HOLD_EXPIRY_JOBS.recoverPayments, data: {} });
  }

  async process(job: Job<HoldExpiryJob | Record<string, never>>): Promise<unknown> {
    if (job.name === HOLD_EXPIRY_JOBS.sweep) {
      return this.context.runWithTrace(newTraceId(), async () => {
        // Holds due more recently than their job's grace are the sweep of due holds' (and then their job's).
        const report = await this.expire.sweep(HOLD_EXPIRY_BATCH, { overdueMs: this.config.holdExpiryJobGraceMs });
        if (report.expired > 0 || report.failed > 0) this.logger.log(`sweep expired ${report.expired} hold(s), ${report.failed} failed`);
        return report;
      });
    }
    if (job.name === HOLD_EXPIRY_JOBS.recoverPayments) {
      // Holds left `converting` by an api process that died mid-payment are settled here.
      return this.context.runWithTrace(newTraceId(), () => this.recover.sweep());
    }
    const data = job.data as HoldExpiryJob;
    const traceId = data.trace_id ?? newTraceId();
    const batched = await this.batcher.expire({ tenantId: data.tenant_id, holdId: data.hold_id, traceId }).catch((error: unknown) => {
      this.logger.warn({ err: serializeError(error), hold_id: data.hold_id }, 'batch expiry failed; expiring the hold on its own');
      return undefined;
    });
    if (batched) return { result: batched };
    return this.context.runWithTrace(traceId, async () => {
      const result = await this.expire.expireDue(data.tenant_id, data.hold_id);
      if (result === 'not_due') throw new HoldNotDueYet(data.hold_id);
      return { result };
    });
  }
}
