import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ALL_QUEUES, Metrics } from '@hcs/platform';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Seconds since the oldest `held` hold past its TTL expired (0 when none is). */
const holdExpiryLag = statement<[], { lag: number }>(
  `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(expires_at)), 0)::float8 AS lag FROM holds WHERE state = 'held' AND expires_at < now()`,
);

/** Outbox events not yet relayed, and the age in seconds of the oldest. */
const outboxBacklog = statement<[], { backlog: number; oldest: number }>(
  `SELECT count(*)::int AS backlog, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest FROM outbox_events WHERE relayed_at IS NULL`,
);

/**
 * The gauges that mirror Postgres and Redis, read when Prometheus scrapes (never on a timer):
 * jobs per queue and state, hold-expiry lag, outbox backlog and the pool of this process.
 * Operator-wide figures: they are not per tenant.
 */
@Injectable()
export class ScrapeCollectors implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    this.metrics.onScrape('queues', () => this.queues());
    this.metrics.onScrape('hold_expiry_lag', () => this.holdExpiryLag());
    this.metrics.onScrape('outbox_backlog', () => this.outboxBacklog());
    this.metrics.onScrape('db_pool', async () => this.pool());
  }

  private async queues(): Promise<void> {
    await Promise.all(
      ALL_QUEUES.map(async (name) => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.metrics.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
      }),
    );
  }

  private async holdExpiryLag(): Promise<void> {
    const [row] = await this.sql.run(holdExpiryLag, []);
    this.metrics.holdExpiryLag.set(Number(row.lag));
  }

  private async outboxBacklog(): Promise<void> {
    const [row] = await this.sql.run(outboxBacklog, []);
    this.metrics.outboxBacklog.set(Number(row.backlog));
    this.metrics.outboxOldestAge.set(Number(row.oldest));
  }

  private pool(): void {
    const driver = this.dataSource.driver;
    const pool: Pool | undefined = driver instanceof PostgresDriver ? driver.master : undefined;
    if (!pool) return;
    this.metrics.dbPoolConnections.set({ state: 'total' }, pool.totalCount);
    this.metrics.dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
    this.metrics.dbPoolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.metrics.dbPoolWaiting.set(pool.waitingCount);
  }
}
