import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { AfterCommit } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

type Task = { label: string; run: () => Promise<unknown> };

/**
 * Tasks waiting for their transaction, by query runner. Shared by every instance: the subscriber
 * that hears a commit need not be the instance that registered the task.
 */
const pending = new WeakMap<QueryRunner, Task[]>();

/**
 * `AfterCommit` on TypeORM: tasks registered inside a transaction wait on its query runner and
 * start when the outermost COMMIT has gone through (a TypeORM transaction subscriber); a rollback
 * drops them. Tasks are started, never awaited: the commit and the request do not wait for them.
 */
@Injectable()
export class TypeOrmAfterCommit extends AfterCommit implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger('AfterCommit');

  constructor(
    private readonly tx: TransactionHost,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  onModuleInit(): void {
    if (!this.dataSource.subscribers.some((s) => s instanceof TypeOrmAfterCommit)) this.dataSource.subscribers.push(this);
  }

  run(label: string, task: () => Promise<unknown>): void {
    const runner = this.tx.tx.queryRunner;
    if (!runner || !runner.isTransactionActive) {
      this.start({ label, run: task });
      return;
    }
    const tasks = pending.get(runner) ?? [];
    tasks.push({ label, run: task });
    pending.set(runner, tasks);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint release also broadcasts: only the outermost commit ends the transaction.
    if (event.queryRunner.isTransactionActive) return;
    const tasks = pending.get(event.queryRunner);
    pending.delete(event.queryRunner);
    for (const task of tasks ?? []) this.start(task);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
  }

  private start(task: Task): void {
    void Promise.resolve()
      .then(task.run)
      .catch((error: unknown) => this.logger.warn(`${task.label} failed after commit: ${error instanceof Error ? error.message : String(error)}`));
  }
}
