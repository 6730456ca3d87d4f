import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import {
  ChargeDuePayments,
  DueHoldJob,
  DueHoldOutcome,
  ExpireDueHolds,
  ExpireHold,
  HOLD_EXPIRY_BACKSTOP_OVERDUE_MS,
  RecoverStrandedPayments,
} from '@hcs/domain';
import { AppConfig, HOLD_EXPIRY_JOBS, HoldExpiryJob, JOB_SCHEDULER_IDS, newTraceId, QueueName, RequestContext, serializeError } from '@hcs/platform';
import { HoldExpiryBatcher } from './hold-expiry-batcher';

export class HoldNotDueYet extends Error {
  constructor(holdId: string) {
    super(`hold ${holdId} is not past its TTL by the database clock yet; retrying`);
    this.name = 'HoldNotDueYet';
  }
}

/** Holds expired by one batch statement, and by one read of the backstop sweep, at most (docs/performance.md). */
export const HOLD_EXPIRY_BATCH = 500;

/**
 * Hold expiry (docs/booking-chain.md "Expiry"). The mechanism: the delayed job of each hold
 * (enqueued by the api after the hold commits, due at its `expires_at`). The jobs that fire
 * together are settled in one transaction (`ExpireDueHolds`, gathered by `HoldExpiryBatcher`); a hold
 * that batch leaves undecided (not due yet by the database clock, locked by a booking in progress),
 * or a batch that failed, goes through `ExpireHold.expireDue` on its own, which decides in SQL. A
 * job that fires before the hold is due throws so BullMQ retries it shortly; any other failure is
 * rethrown for BullMQ's retries too.
 *
 * The backstop: a repeatable job every HOLD_SWEEP_INTERVAL_SECONDS (a job scheduler: one run per
 * interval across every worker process) for holds whose job is missing (lost with Redis, never
 * enqueued, out of retries). One indexed read finds the holds overdue by more than
 * HOLD_EXPIRY_BACKSTOP_OVERDUE_MS; when none is, that read is the whole run. It expires them one by
 * one and dead-letters a hold that keeps failing (docs/operations-faults.md). A second repeatable
 * job, independent of the first (one failing never stops the other), resumes payments stranded by a
 * crashed api; a third charges the payment schedule's balances and fees that fell due
 * (docs/payments.md "Balances and fees the worker charges").
 */
@Processor(QueueName.HoldExpiry, { concurrency: 64 })
export class HoldExpiryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('HoldExpiry');
  private readonly batcher: HoldExpiryBatcher<DueHoldJob, DueHoldOutcome>;

  constructor(
    private readonly expire: ExpireHold,
    private readonly recover: RecoverStrandedPayments,
    private readonly dueCharges: ChargeDuePayments,
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
    await this.queue.upsertJobScheduler(JOB_SCHEDULER_IDS.paymentScheduleSweep, { every }, { name: HOLD_EXPIRY_JOBS.chargeSchedule, data: {} });
  }

  async process(job: Job<HoldExpiryJob | Record<string, never>>): Promise<unknown> {
    if (job.name === HOLD_EXPIRY_JOBS.sweep) {
      return this.context.runWithTrace(newTraceId(), async () => {
        // Holds due more recently than that are still their jobs' (firing, or retrying shortly).
        const report = await this.expire.sweep(HOLD_EXPIRY_BATCH, { overdueMs: HOLD_EXPIRY_BACKSTOP_OVERDUE_MS });
        if (report.expired > 0 || report.failed > 0)
          this.logger.log(`backstop expired ${report.expired} hold(s) whose job was missing, ${report.failed} failed`);
        return report;
      });
    }
    if (job.name === HOLD_EXPIRY_JOBS.recoverPayments) {
      // Holds left `converting` by an api process that died mid-payment are settled here.
      return this.context.runWithTrace(newTraceId(), () => this.recover.sweep());
    }
    if (job.name === HOLD_EXPIRY_JOBS.chargeSchedule) {
      // Balances on their due date, fees right after a cancel, retries when their delay has passed.
      return this.context.runWithTrace(newTraceId(), () => this.dueCharges.sweep());
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
