import { Injectable, Optional } from '@nestjs/common';
import type { ClientBase, Pool, QueryResult, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { TransactionHost } from '../transaction-host';
import type { Statement } from './statement';
import { ReadReplica } from '../replica/read-replica';
import { isReadOnlyStatement } from '../replica/read-only-statement';
import { DeferredClaimOutcome, DeferredIdempotencyClaim, IdempotencyKeyTaken, IdempotentResponseSeal } from '@hcs/domain';
import { claimAlone, ClaimColumns, claimingRead } from '../idempotency/claiming-statement';
import { queryOnPool } from './pool-query';
import { PROCESS_PREPARED_NAMES } from './prepared-names';

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
  /** Texts sent often enough to prepare once per connection (docs/performance.md, "Prepared statements"). */
  private readonly prepared = PROCESS_PREPARED_NAMES;

  constructor(
    private readonly host: TransactionHost,
    private readonly dataSource: DataSource,
    @Optional() private readonly replica?: ReadReplica,
  ) {}

  /** Runs a typed statement and returns its rows (RETURNING rows for INSERT/UPDATE/DELETE). */
  run<P extends readonly unknown[], R extends QueryResultRow>(statement: Statement<P, R>, params: P): Promise<R[]> {
    if (statement.name === undefined) return this.rows<R>(statement.text, params);
    return this.query<R>(statement.text, params, statement.name).then((result) => result.rows);
  }

  /**
   * Runs a statement composed at run time (CTEs built with `SqlParams`); the row type is declared
   * by the caller in the table family's row file.
   */
  async rows<R extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<R[]> {
    return (await this.query<R>(text, values)).rows;
  }

  /** How many rows an INSERT, UPDATE or DELETE without RETURNING changed. */
  async affected(text: string, values: readonly unknown[]): Promise<number> {
    return (await this.query<QueryResultRow>(text, values)).rowCount ?? 0;
  }

  private async query<R extends QueryResultRow>(text: string, values: readonly unknown[], name?: string): Promise<QueryResult<R>> {
    const claim = IdempotentResponseSeal.claimOfCurrentStep();
    if (claim) {
      if (claim.outcome === null) return this.claimingFirst<R>(claim, text, values, name);
      if ((await claim.outcome) !== 'claimed') throw new IdempotencyKeyTaken();
    }
    return this.send<R>(text, values, name);
  }

  /**
   * The first statement of a step whose idempotency key is claimed on the way
   * (DeferredIdempotencyClaim, docs/performance.md): a read outside a transaction carries the claim
   * itself; anything else is preceded by the claim alone, on the pool (never inside the step's
   * transaction). Either way no statement of the step runs past a key that is another request's.
   */
  private async claimingFirst<R extends QueryResultRow>(
    claim: DeferredIdempotencyClaim,
    text: string,
    values: readonly unknown[],
    name?: string,
  ): Promise<QueryResult<R>> {
    let settle: (outcome: DeferredClaimOutcome) => void = () => undefined;
    claim.outcome = new Promise<DeferredClaimOutcome>((resolve) => (settle = resolve));
    const runner = this.host.tx.queryRunner;
    const inTransaction = Boolean(runner && !runner.isReleased);
    if (!inTransaction && isReadOnlyStatement(text)) {
      const wrapped = claimingRead(text, values, claim);
      let result: QueryResult<R & ClaimColumns>;
      try {
        this.replica?.noteWrite();
        result = await queryOnPool<R & ClaimColumns>(this.masterPool(), {
          text: wrapped.text,
          values: wrapped.values,
          name: this.prepared.nameOf(wrapped.text),
        });
      } catch (error) {
        settle('not_made');
        throw error;
      }
      const claimed = result.rows[0]?.hcs_idempotency_claimed === true;
      settle(claimed ? 'claimed' : 'taken');
      if (!claimed) throw new IdempotencyKeyTaken();
      claim.onClaimed();
      const rows = result.rows.filter((row) => row.hcs_idempotency_row !== null);
      return { ...result, rows, rowCount: rows.length };
    }
    const alone = claimAlone(claim);
    let claimed: boolean;
    try {
      claimed =
        (
          await queryOnPool<Pick<ClaimColumns, 'hcs_idempotency_claimed'>>(this.masterPool(), {
            text: alone.text,
            values: alone.values,
            name: this.prepared.nameOf(alone.text),
          })
        ).rows.length === 1;
    } catch (error) {
      settle('not_made');
      throw error;
    }
    settle(claimed ? 'claimed' : 'taken');
    if (!claimed) throw new IdempotencyKeyTaken();
    claim.onClaimed();
    return this.send<R>(text, values, name);
  }

  private async send<R extends QueryResultRow>(text: string, values: readonly unknown[], given?: string): Promise<QueryResult<R>> {
    const name = given ?? this.prepared.nameOf(text);
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
