import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '@hcs/platform';
import { BookingModule, ChannelsModule, FollowUpModule, OversellModule, PurgeExpiredIdempotencyRecords, PurgeOtaLedger, WebhooksModule } from '@hcs/domain';
import { ServiceCoreModule } from '@hcs/adapters';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { IdempotencyPurgeService } from './housekeeping/idempotency-purge.service';
import { OtaLedgerPurgeService } from './housekeeping/ota-ledger-purge.service';
import { HoldExpiryProcessor } from './processors/hold-expiry.processor';
import { WorkerMetricsServer } from './metrics/worker-metrics.server';
import { OutboxListener } from './outbox/outbox-listener.service';
import { OutboxRelayProcessor } from './processors/outbox-relay.processor';
import { WebhookDeliveryProcessor } from './processors/webhook-delivery.processor';
import { OversellSweepProcessor } from './processors/oversell-sweep.processor';
import { GuestFollowUpProcessor } from './processors/guest-follow-up.processor';
import { JobSchedulerKeeper } from './schedulers/job-scheduler-keeper';
import { TenantDeliverySlots } from './webhooks/tenant-delivery-slots';
import { WorkerConcurrency } from './processors/worker-concurrency';
import { JobFailureLog } from './processors/job-failure-log';
import { WorkerConnections } from './processors/worker-connections';
import { FetchLoopWatch } from './processors/fetch-loop-watch';

/** The worker: BullMQ processors over the same persistence and domain as the api. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [DiscoveryModule, ServiceCoreModule.forRoot(config, 'consumer'), BookingModule, WebhooksModule, ChannelsModule, OversellModule, FollowUpModule],
      providers: [
        HeartbeatService,
        HoldExpiryProcessor,
        PurgeExpiredIdempotencyRecords,
        IdempotencyPurgeService,
        OtaLedgerPurgeService,
        PurgeOtaLedger,
        WorkerMetricsServer,
        OutboxListener,
        OutboxRelayProcessor,
        WebhookDeliveryProcessor,
        TenantDeliverySlots,
        OversellSweepProcessor,
        GuestFollowUpProcessor,
        WorkerConcurrency,
        JobSchedulerKeeper,
        JobFailureLog,
        WorkerConnections,
        FetchLoopWatch,
      ],
    };
  }
}
