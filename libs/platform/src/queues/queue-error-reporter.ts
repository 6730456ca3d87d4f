import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueName } from './queue-names';

/**
 * A queue whose Redis is unreachable emits 'error' events; without a listener BullMQ prints them
 * to the console. Listeners are attached as soon as the queues exist (in the constructor, before
 * the first connection attempt fails) and report once per outage through the logger; readiness
 * shows the state.
 */
@Injectable()
export class QueueErrorReporter {
  private readonly logger = new Logger('Queues');
  private readonly failing = new Set<string>();

  constructor(
    @InjectQueue(QueueName.HoldExpiry) holdExpiry: Queue,
    @InjectQueue(QueueName.OutboxRelay) outboxRelay: Queue,
    @InjectQueue(QueueName.WebhookDelivery) webhookDelivery: Queue,
    @InjectQueue(QueueName.OversellSweep) oversellSweep: Queue,
    @InjectQueue(QueueName.GuestFollowUp) guestFollowUp: Queue,
  ) {
    for (const queue of [holdExpiry, outboxRelay, webhookDelivery, oversellSweep, guestFollowUp]) this.watch(queue);
  }

  private watch(queue: Queue): void {
    queue.on('error', (error: Error) => {
      if (this.failing.has(queue.name)) return;
      this.failing.add(queue.name);
      this.logger.warn(`queue ${queue.name}: ${error.message}`);
    });
    void queue.waitUntilReady().then(
      () => this.failing.delete(queue.name),
      () => undefined,
    );
  }
}
