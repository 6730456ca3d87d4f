import { Injectable, Optional } from '@nestjs/common';
import type { ClientBase, Pool, QueryResult, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { TransactionHost } from '../transaction-host';
import type { Statement } from './statement';
import { ReadReplica } from '../replica/read-replica';
import { isReadOnlyStatement } from '../replica/read-only-statement';
import { queryOnPool } from './pool-query';
import { AppConfig } from '@hcs/platform';
import { PROCESS_PREPARED_NAMES, StatementNaming, UNNAMED_STATEMENTS } from './prepared-names';

/**
 * Runs statements on the `pg` driver directly, without TypeORM's query runner (docs/performance.md:
 * the runner's wrapping was a third of the api's CPU under the chain). Inside a transaction
 * (`@Transactional()` or the transaction host) a statement runs on the transaction's own
 * connection; outside one it runs on the pool TypeORM's driver holds, so there is one pool per
 * process and its limits (size, timeouts, `GuardedPgClient`) apply to both.
 *
 * Errors are the driver's own (`DatabaseError` with its SQLSTATE `code`), which
 * `isDatabaseUnavailable` and `refusedBy` read as they read TypeORM's wrapped ones.
 */
@Injectable()
export class SqlClient {
  private pool?: Pool;
  /**
   * Texts sent often enough to prepare once per connection (docs/performance.md, "Prepared
   * statements"); none through a pooler in transaction mode (docs/scaling.md).
   */
  private readonly prepared: StatementNaming;

  constructor(
    private readonly host: TransactionHost,
    private readonly dataSource: DataSource,
    @Optional() private readonly replica?: ReadReplica,
    @Optional() config?: AppConfig,
  ) {
    this.prepared = config?.databasePoolMode === 'transaction' ? UNNAMED_STATEMENTS : PROCESS_PREPARED_NAMES;
  }

  /** Runs a typed statement and returns its rows (RETURNING rows for INSERT/UPDATE/DELETE). */
  run<P extends readonly unknown[], R extends QueryResultRow>(statement: Statement<P, R>, params: P): Promise<R[]> {
    if (statement.name === undefined) return this.rows<R>(statement.text, params);
    return this.send<R>(statement.text, params, this.prepared.qualify(statement.name) ?? null).then((result) => result.rows);
  }

  /**
   * Runs a statement composed at run time (CTEs built with `SqlParams`); the row type is declared
   * by the caller in the table family's row file.
   */
  async rows<R extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<R[]> {
    return (await this.send<R>(text, values)).rows;
  }

  /** How many rows an INSERT, UPDATE or DELETE without RETURNING changed. */
  async affected(text: string, values: readonly unknown[]): Promise<number> {
    return (await this.send<QueryResultRow>(text, values)).rowCount ?? 0;
  }

  /** `given`: the statement's own qualified name, null when it names itself but may not be named here. */
  private async send<R extends QueryResultRow>(text: string, values: readonly unknown[], given?: string | null): Promise<QueryResult<R>> {
    const name = given === null ? undefined : (given ?? this.prepared.nameOf(text));
    const config = { text, values: [...values], name };
    const runner = this.host.tx.queryRunner;
    if (runner && !runner.isReleased) {
      const connection: ClientBase = await runner.connect();
      return connection.query<R>(config);
    }
    // Outside a transaction a read of a `@ReadsFromReplica()` route may go to the replica
    // (docs/scaling.md); a write pins the rest of the request to the primary.
    if (this.replica?.answers(text)) {
      const answer = await this.replica.query<R>(text, config.values, name);
      if (answer) return answer;
    } else if (this.replica && !isReadOnlyStatement(text)) this.replica.noteWrite();
    return queryOnPool<R>(this.masterPool(), config);
  }

  private masterPool(): Pool {
    if (this.pool) return this.pool;
    const driver = this.dataSource.driver;
    if (!(driver instanceof PostgresDriver)) throw new Error('SqlClient needs the Postgres driver');
    const pool: Pool = driver.master;
    this.pool = pool;
    return pool;
  }
}
