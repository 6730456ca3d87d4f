import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { serializeError } from '@hcs/platform';

/**
 * Logs every failed job attempt of every processor once, through the one error serializer
 * (docs/security.md "Nothing secret in logs"): a database error in a job loses its statement,
 * parameters and driver detail before it reaches the log. BullMQ still retries the job.
 */
@Injectable()
export class JobFailureLog implements OnApplicationBootstrap {
  private readonly logger = new Logger('Jobs');

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const host: unknown = wrapper.instance;
      if (!(host instanceof WorkerHost) || !host.worker) continue;
      host.worker.on('failed', (job: Job | undefined, error: Error) => {
        this.logger.warn(
          { err: serializeError(error), queue: job?.queueName, job_name: job?.name, job_id: job?.id, attempts: job?.attemptsMade },
          `job ${job?.queueName ?? '?'}/${job?.name ?? '?'} failed`,
        );
      });
    }
  }
}
