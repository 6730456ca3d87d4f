import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { RelayOutbox } from '@hcs/domain';
import { newTraceId, QueueName, RequestContext } from '@hcs/platform';

const CATCH_UP_SCHEDULER_ID = 'outbox-relay-catch-up';
export const OUTBOX_CATCH_UP_MS = 5_000;

/**
 * The periodic catch-up of the outbox relay: drains anything the LISTEN wake-up missed and
 * re-enqueues deliveries whose job was lost. Failures are rethrown for BullMQ to record.
 */
@Processor(QueueName.OutboxRelay, { concurrency: 1 })
export class OutboxRelayProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly relay: RelayOutbox,
    private readonly context: RequestContext,
    @InjectQueue(QueueName.OutboxRelay) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CATCH_UP_SCHEDULER_ID,
      { every: OUTBOX_CATCH_UP_MS },
      { name: 'catch-up', data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  async process(): Promise<{ relayed: number; requeued: number }> {
    return this.context.runWithTrace(newTraceId(), async () => {
      const relayed = await this.relay.drain();
      const requeued = await this.relay.requeueStranded();
      return { relayed, requeued };
    });
  }
}
