import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { GuestFollowUpProcessor } from './guest-follow-up.processor';
import { HoldExpiryProcessor } from './hold-expiry.processor';
import { OutboxRelayProcessor } from './outbox-relay.processor';
import { OversellSweepProcessor } from './oversell-sweep.processor';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';

/**
 * `WORKER_CONCURRENCY_<QUEUE>` (queue name in upper snake case, e.g.
 * `WORKER_CONCURRENCY_WEBHOOK_DELIVERY=128`) replaces a processor's default concurrency in this
 * worker process (docs/scaling.md). Several worker processes add up: BullMQ hands each job to one
 * of them.
 */
@Injectable()
export class WorkerConcurrency implements OnApplicationBootstrap {
  private readonly logger = new Logger('WorkerConcurrency');

  constructor(
    private readonly config: AppConfig,
    private readonly holdExpiry: HoldExpiryProcessor,
    private readonly outboxRelay: OutboxRelayProcessor,
    private readonly webhookDelivery: WebhookDeliveryProcessor,
    private readonly oversellSweep: OversellSweepProcessor,
    private readonly guestFollowUp: GuestFollowUpProcessor,
  ) {}

  onApplicationBootstrap(): void {
    for (const processor of [this.holdExpiry, this.outboxRelay, this.webhookDelivery, this.oversellSweep, this.guestFollowUp]) {
      const worker = processor.worker;
      const wanted = this.config.workerConcurrency[worker.name];
      if (wanted === undefined || wanted === worker.concurrency) continue;
      worker.concurrency = wanted;
      this.logger.log(`${worker.name}: concurrency ${wanted}`);
    }
  }

  /** Current concurrency per queue (what the settings made of the defaults). */
  current(): Record<string, number> {
    return Object.fromEntries(
      [this.holdExpiry, this.outboxRelay, this.webhookDelivery, this.oversellSweep, this.guestFollowUp].map((p) => [p.worker.name, p.worker.concurrency]),
    );
  }
}
