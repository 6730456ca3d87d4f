import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { RelayOutbox, RequeueStrandedChannelDeliveries, STRANDED_AFTER_SECONDS } from '@hcs/domain';
import { JOB_SCHEDULER_IDS, newTraceId, OUTBOX_RELAY_JOBS, QueueName, RequestContext } from '@hcs/platform';

export const OUTBOX_CATCH_UP_MS = 5_000;

/**
 * The periodic catch-up of the outbox relay: drains anything the LISTEN wake-up missed and
 * re-enqueues deliveries whose job was lost. Failures are rethrown for BullMQ to record.
 */
@Processor(QueueName.OutboxRelay, { concurrency: 1 })
export class OutboxRelayProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly relay: RelayOutbox,
    private readonly channels: RequeueStrandedChannelDeliveries,
    private readonly context: RequestContext,
    @InjectQueue(QueueName.OutboxRelay) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertJobSchedulers();
  }

  /** Its sweep schedulers; upserted again by `JobSchedulerKeeper` (docs/redis-cluster.md). */
  async upsertJobSchedulers(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JOB_SCHEDULER_IDS.outboxRelayCatchUp,
      { every: OUTBOX_CATCH_UP_MS },
      { name: OUTBOX_RELAY_JOBS.catchUp, data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  async process(): Promise<{ relayed: number; requeued: number }> {
    return this.context.runWithTrace(newTraceId(), async () => {
      const relayed = await this.relay.drain();
      const requeued = (await this.relay.requeueStranded()) + (await this.channels.execute(STRANDED_AFTER_SECONDS));
      return { relayed, requeued };
    });
  }
}
