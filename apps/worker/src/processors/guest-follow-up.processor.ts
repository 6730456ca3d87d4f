import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { SendFollowUp } from '@hcs/domain';
import { AppConfig, GUEST_FOLLOW_UP_JOBS, GuestFollowUpJob, JOB_SCHEDULER_IDS, newTraceId, QueueName, RequestContext } from '@hcs/platform';

/** A job that fires this much before its follow-up is due by the database clock is retried shortly. */
const EARLY_FIRE_TOLERANCE_MS = 5_000;

export class FollowUpNotDueYet extends Error {
  constructor(id: string) {
    super(`follow-up ${id} is not due by the database clock yet; retrying`);
    this.name = 'FollowUpNotDueYet';
  }
}

/**
 * Guest follow-ups: a delayed job per follow-up at its send_at (enqueued after the commit that
 * scheduled it) and a repeatable sweep every FOLLOW_UP_SWEEP_INTERVAL_SECONDS for due ones whose
 * job was lost. Both call the same use case, which claims the row first, so a follow-up is sent
 * once however many jobs and workers reach it (docs/follow-ups.md).
 */
@Processor(QueueName.GuestFollowUp, { concurrency: 4 })
export class GuestFollowUpProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('GuestFollowUp');

  constructor(
    private readonly send: SendFollowUp,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.GuestFollowUp) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertJobSchedulers();
  }

  /** Its sweep schedulers; upserted again by `JobSchedulerKeeper` (docs/redis-cluster.md). */
  async upsertJobSchedulers(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JOB_SCHEDULER_IDS.guestFollowUpSweep,
      { every: this.config.followUpSweepIntervalSeconds * 1000 },
      { name: GUEST_FOLLOW_UP_JOBS.sweep, data: {} },
    );
  }

  async process(job: Job<GuestFollowUpJob | Record<string, never>>): Promise<unknown> {
    if (job.name === GUEST_FOLLOW_UP_JOBS.sweep) {
      return this.context.runWithTrace(newTraceId(), async () => {
        const sent = await this.send.sweep();
        if (sent > 0) this.logger.log(`sweep sent ${sent} follow-up(s)`);
        return { sent };
      });
    }
    const data = job.data as GuestFollowUpJob;
    return this.context.runWithTrace(data.trace_id ?? newTraceId(), async () => {
      const outcome = await this.send.execute(data.tenant_id, data.follow_up_id);
      // A job a little early retries; one far ahead belongs to an older send time (a newer job exists).
      if (outcome.result === 'not_due' && outcome.dueInMs <= EARLY_FIRE_TOLERANCE_MS) throw new FollowUpNotDueYet(data.follow_up_id);
      return outcome;
    });
  }
}
