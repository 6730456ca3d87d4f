import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { QueueBase, RedisQueueBackend } from 'bullmq';
import { closeRedis } from '../redis/redis-client';
import { RedisConnections } from '../redis/redis-connections';
import { QueueErrorReporter } from './queue-error-reporter';

/** A BullMQ queue or worker, as the shutdown sees it. */
export interface Closable {
  readonly name: string;
  /** BullMQ's graceful close: a worker's jobs in hand finish, then its connections QUIT. */
  close(): Promise<void>;
  /** Drops the connections at once (every command waiting on them fails); resolves once they ended. */
  disconnect(): Promise<void>;
  /**
   * While Redis is away, drop before closing: a queue's QUIT on a connection that is not ready
   * fails with an error (the api's connections have no offline queue) instead of ending. A worker
   * is closed first: its fetch loop would reconnect a connection that ended before it was closing.
   */
  readonly dropFirst: boolean;
}

/** A BullMQ queue or worker (its connection and, for a worker, its blocking one) as a `Closable`. */
export function bullmqClosable(owner: QueueBase<RedisQueueBackend> & { close(): Promise<void> }, dropFirst: boolean): Closable {
  return {
    name: owner.name,
    dropFirst,
    close: () => owner.close(),
    disconnect: async () => {
      const backend = owner.getBackend();
      await Promise.all(
        [backend.connection, backend.blockingConnection].map(async (connection) => {
          const client = await connection?.client;
          if (!client || client.status === 'end') return;
          const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
          closeRedis(client);
          await ended;
        }),
      );
    },
  };
}

export interface CloseBudget {
  /** How long `close` may take before the connections are dropped under it. */
  graceMs: number;
  /** How long `close` may take once they are dropped (jobs still running their own work). */
  settleMs: number;
  /** Redis is known unreachable: nothing can be said to it, drop the connections at once. */
  redisDown: boolean;
}

/** How long dropping a connection may take before its close starts anyway (it ends within a tick). */
const DROP_MS = 500;

/**
 * Closes them all within about `graceMs + settleMs` (docs/operations-faults.md "Stopping"): each
 * gets BullMQ's graceful close; while Redis is away (or once the grace is over) its connections
 * are dropped, so a QUIT or a job's last write waiting in ioredis's offline queue fails instead of
 * holding the process until its 30 s command timeout. Returns the names of those still closing.
 */
export async function closeWithin(closables: readonly Closable[], budget: CloseBudget): Promise<string[]> {
  const closed = new Set<Closable>();
  const drop = (which: readonly Closable[]) => Promise.all(which.map((closable) => closable.disconnect().catch(() => undefined)));
  if (budget.redisDown) await within(drop(closables.filter((closable) => closable.dropFirst)), DROP_MS);
  const all = Promise.all(
    closables.map((closable) =>
      closable.close().then(
        () => closed.add(closable),
        () => closed.add(closable),
      ),
    ),
  );
  const open = () => closables.filter((closable) => !closed.has(closable));
  if (budget.redisDown) void drop(open().filter((closable) => !closable.dropFirst));
  await within(all, budget.graceMs);
  if (open().length > 0) {
    void drop(open());
    await within(all, budget.settleMs);
  }
  return open().map((closable) => closable.name);
}

async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Jobs in hand get this long to finish when the worker stops, then they are left (below). */
export const WORKER_CLOSE_GRACE_MS = 6_000;
/** A queue's connections get this long to QUIT. */
export const QUEUE_CLOSE_GRACE_MS = 1_000;
/** After the connections are dropped: jobs still running their own work (Postgres). */
const SETTLE_MS = 1_000;

/**
 * Closes the process's BullMQ workers, then its queues, before Nest's own hooks would wait on them
 * without a bound (docs/operations-faults.md "Stopping"). A job still running after the grace is
 * left to BullMQ: its lock runs out and another worker runs it again (every job is idempotent);
 * Nest's later `close()` calls find them closed already.
 */
@Injectable()
export class QueueShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly workers: Closable[] = [];
  private readonly queues: Closable[];

  constructor(
    private readonly connections: RedisConnections,
    reporter: QueueErrorReporter,
  ) {
    this.queues = reporter.queues.map((queue) => bullmqClosable(queue, true));
  }

  /** The worker app's BullMQ workers, closed before the queues. */
  addWorkers(workers: ReadonlyArray<Parameters<typeof bullmqClosable>[0]>): void {
    this.workers.push(...workers.map((worker) => bullmqClosable(worker, false)));
  }

  async beforeApplicationShutdown(): Promise<void> {
    const redisDown = this.connections.reachability.down;
    // Connections failing from here on are closing, not news.
    this.connections.reachability.silence();
    if (redisDown) this.logger.warn('stopping while Redis is unreachable: queue connections dropped without waiting for it');
    const workersLeft = await closeWithin(this.workers, { graceMs: WORKER_CLOSE_GRACE_MS, settleMs: SETTLE_MS, redisDown });
    if (workersLeft.length > 0)
      this.logger.warn(
        `workers ${workersLeft.join(', ')} still had jobs running ${(WORKER_CLOSE_GRACE_MS + SETTLE_MS) / 1000} s after the stop began; ` +
          'left to BullMQ (their locks run out and another worker runs them again)',
      );
    const queuesLeft = await closeWithin(this.queues, { graceMs: QUEUE_CLOSE_GRACE_MS, settleMs: SETTLE_MS, redisDown });
    if (queuesLeft.length > 0) this.logger.warn(`queues ${queuesLeft.join(', ')} not closed; their connections were dropped`);
  }
}
