import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { ExpireHold, RecoverStrandedPayments } from '@hcs/domain';
import { HOLD_EXPIRY_JOBS } from '@hcs/persistence';
import { AppConfig, HoldExpiryJob, newTraceId, QueueName, RequestContext } from '@hcs/platform';

export class HoldNotDueYet extends Error {
  constructor(holdId: string) {
    super(`hold ${holdId} is not past its TTL by the database clock yet; retrying`);
    this.name = 'HoldNotDueYet';
  }
}

const SWEEP_SCHEDULER_ID = 'hold-expiry-sweep';

/**
 * Hold expiry: a delayed job per hold (enqueued by the api after the hold commits) and a
 * repeatable sweep every HOLD_SWEEP_INTERVAL_SECONDS for holds whose job Redis lost. Both call the
 * same use case, which decides in SQL. The sweep also resumes payments stranded by a crashed api. A job that fires before the hold is due throws so BullMQ
 * retries it shortly; any other failure is rethrown for BullMQ's retries too.
 */
@Processor(QueueName.HoldExpiry, { concurrency: 4 })
export class HoldExpiryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('HoldExpiry');

  constructor(
    private readonly expire: ExpireHold,
    private readonly recover: RecoverStrandedPayments,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.HoldExpiry) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: this.config.holdSweepIntervalSeconds * 1000 }, { name: HOLD_EXPIRY_JOBS.sweep, data: {} });
  }

  async process(job: Job<HoldExpiryJob | Record<string, never>>): Promise<unknown> {
    if (job.name === HOLD_EXPIRY_JOBS.sweep) {
      return this.context.runWithTrace(newTraceId(), async () => {
        const expired = await this.expire.sweep();
        if (expired > 0) this.logger.log(`sweep expired ${expired} hold(s)`);
        // Holds left `converting` by an api process that died mid-payment are settled here too.
        const payments = await this.recover.sweep();
        return { expired, payments };
      });
    }
    const data = job.data as HoldExpiryJob;
    return this.context.runWithTrace(data.trace_id ?? newTraceId(), async () => {
      const result = await this.expire.expireDue(data.tenant_id, data.hold_id);
      if (result === 'not_due') throw new HoldNotDueYet(data.hold_id);
      return { result };
    });
  }
}
