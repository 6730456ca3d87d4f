import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { WorkerHost } from '@nestjs/bullmq';
import { GuestFollowUpProcessor } from '../processors/guest-follow-up.processor';
import { HoldExpiryProcessor } from '../processors/hold-expiry.processor';
import { OutboxRelayProcessor } from '../processors/outbox-relay.processor';
import { OversellSweepProcessor } from '../processors/oversell-sweep.processor';

/** A processor whose sweeps are BullMQ job schedulers; upserting them again is harmless. */
export interface OwnsJobSchedulers {
  upsertJobSchedulers(): Promise<void>;
}

/** BullMQ's error when a repeatable job could not schedule its next run: that sweep would stop. */
const NEXT_RUN_LOST = /Failed to add repeatable job for next iteration/;

/**
 * Keeps the sweeps running (docs/redis-cluster.md). A BullMQ job scheduler plans its next run when
 * the current one is fetched; if that write fails (seen during a Redis master failover) BullMQ
 * logs an error and the sweep never runs again until some process upserts the scheduler. This
 * upserts that processor's schedulers again as soon as its worker reports it.
 */
@Injectable()
export class JobSchedulerKeeper implements OnApplicationBootstrap {
  private readonly logger = new Logger('JobSchedulers');
  private readonly owners: Array<WorkerHost & OwnsJobSchedulers>;

  constructor(holdExpiry: HoldExpiryProcessor, outboxRelay: OutboxRelayProcessor, oversellSweep: OversellSweepProcessor, followUps: GuestFollowUpProcessor) {
    this.owners = [holdExpiry, outboxRelay, oversellSweep, followUps];
  }

  onApplicationBootstrap(): void {
    for (const owner of this.owners) {
      owner.worker.on('error', (error: Error) => {
        if (NEXT_RUN_LOST.test(error.message)) void this.keep(owner);
      });
    }
  }

  /** Upserts one processor's schedulers; a failure is logged and the next round tries again. */
  async keep(owner: OwnsJobSchedulers): Promise<void> {
    try {
      await owner.upsertJobSchedulers();
    } catch (error) {
      this.logger.warn(`job schedulers of ${owner.constructor.name} not upserted: ${(error as Error).message}`);
    }
  }
}
