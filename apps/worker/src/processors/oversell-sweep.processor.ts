import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { SweepOversell } from '@hcs/domain';
import { AppConfig, JOB_SCHEDULER_IDS, newTraceId, OVERSELL_SWEEP_JOBS, QueueName, RequestContext } from '@hcs/platform';

/**
 * The oversell sweep: a repeatable job every OVERSELL_SWEEP_INTERVAL_SECONDS opens an incident for
 * any oversold night that has none (an inventory change made outside the admin route, a lost
 * write) and resolves open incidents whose night fits again (a cancellation gave a room back).
 * Failures are rethrown so BullMQ retries; the next run repeats the whole sweep anyway.
 */
@Processor(QueueName.OversellSweep, { concurrency: 1 })
export class OversellSweepProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('OversellSweep');

  constructor(
    private readonly sweeper: SweepOversell,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.OversellSweep) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertJobSchedulers();
  }

  /** Its sweep schedulers; upserted again by `JobSchedulerKeeper` (docs/redis-cluster.md). */
  async upsertJobSchedulers(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JOB_SCHEDULER_IDS.oversellSweep,
      { every: this.config.oversellSweepIntervalSeconds * 1000 },
      { name: OVERSELL_SWEEP_JOBS.sweep, data: {} },
    );
  }

  async process(_job: Job): Promise<unknown> {
    return this.context.runWithTrace(newTraceId(), async () => {
      const result = await this.sweeper.sweep();
      if (result.opened > 0 || result.resolved > 0) this.logger.log(`sweep opened ${result.opened} and resolved ${result.resolved} oversell incident(s)`);
      return result;
    });
  }
}
