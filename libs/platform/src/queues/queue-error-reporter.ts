import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { isConnectionError } from '../redis/reachability-log';
import { RedisConnections } from '../redis/redis-connections';
import { QueueName } from './queue-names';

/**
 * A queue whose Redis is unreachable emits 'error' events, one per reconnect attempt; without a
 * listener BullMQ prints them to the console. Listeners are attached as soon as the queues exist
 * (in the constructor, before the first connection attempt fails). Connection errors go to the
 * process's `RedisConnections.reachability`, which logs Redis down and back up once each
 * (docs/operations-faults.md); any other error of a queue is logged as it comes, except while Redis
 * is known down (a command timing out then is the outage's, already logged).
 */
@Injectable()
export class QueueErrorReporter {
  private readonly logger = new Logger('Queues');
  readonly queues: Queue[];

  constructor(
    connections: RedisConnections,
    @InjectQueue(QueueName.HoldExpiry) holdExpiry: Queue,
    @InjectQueue(QueueName.OutboxRelay) outboxRelay: Queue,
    @InjectQueue(QueueName.WebhookDelivery) webhookDelivery: Queue,
    @InjectQueue(QueueName.OversellSweep) oversellSweep: Queue,
    @InjectQueue(QueueName.GuestFollowUp) guestFollowUp: Queue,
  ) {
    this.queues = [holdExpiry, outboxRelay, webhookDelivery, oversellSweep, guestFollowUp];
    for (const queue of this.queues) {
      connections.watch(`queue ${queue.name}`, queue.getBackend());
      queue.on('error', (error: Error) => {
        if (!isConnectionError(error) && !connections.reachability.down) this.logger.warn(`queue ${queue.name}: ${error.message}`);
      });
    }
  }
}
