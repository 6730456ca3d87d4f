import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { isConnectionError, QueueShutdown, RedisConnections } from '@hcs/platform';

/**
 * Every processor's BullMQ worker, for the process's Redis bookkeeping (docs/operations-faults.md
 * "Stopping"): its connection failures and recoveries count towards `RedisConnections.reachability`
 * (Redis down and back up logged once each), and `QueueShutdown` closes it within a bound, before
 * the queues. Its other errors are logged, except while Redis is known down (a command timing out
 * then is the outage's, already logged). A worker with no 'error' listener would print each of
 * them, with its stack, to stderr.
 */
@Injectable()
export class WorkerConnections implements OnApplicationBootstrap {
  private readonly logger = new Logger('Workers');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly connections: RedisConnections,
    private readonly shutdown: QueueShutdown,
  ) {}

  onApplicationBootstrap(): void {
    const workers = this.discovery
      .getProviders()
      .map((wrapper): unknown => wrapper.instance)
      .filter((host): host is WorkerHost => host instanceof WorkerHost && host.worker !== undefined)
      .map((host) => host.worker);
    for (const worker of workers) {
      this.connections.watch(`worker ${worker.name}`, worker.getBackend());
      worker.on('error', (error: Error) => {
        if (!isConnectionError(error) && !this.connections.reachability.down) this.logger.warn(`worker ${worker.name}: ${error.message}`);
      });
    }
    this.shutdown.addWorkers(workers);
  }
}
