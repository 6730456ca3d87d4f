import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { PoolClient } from 'pg';
import { isReadOnlyStatement } from './read-only-statement';

type RoutedRunner = QueryRunner & { mode: ReplicationMode; databaseConnection?: unknown; databaseConnectionPromise?: unknown };
type RoutedDriver = PostgresDriver & { isReplicated: boolean };

/** What the routing asks of the replica; `ReadReplica` (read-replica.ts, which installs the routing) is one. */
export interface RoutableReplica {
  /** Whether this statement may go to the replica now. */
  answers(sql: string): boolean;
  /** A write went to the primary: the rest of the request stays there. */
  noteWrite(): void;
  markDown(reason: string): void;
  connect(): Promise<[PoolClient, (error?: Error) => void]>;
}

/**
 * Sends a query runner's first statement to the replica when `replica.answers` it (TypeORM's own
 * `slave` mode, picked per statement rather than per call site); anything else runs on the
 * primary and, when it writes, pins the rest of the request there. A transaction always starts
 * with a write (`START TRANSACTION`), so every statement inside one stays on the primary. A replica
 * connection that fails sends the statement, a read, to the primary instead.
 */
export function installReplicaRouting(dataSource: DataSource, replica: RoutableReplica): void {
  const driver = dataSource.driver as RoutedDriver;
  driver.isReplicated = true;
  driver.obtainSlaveConnection = () => replica.connect();
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode: ReplicationMode) => {
    const created = create(mode);
    const runner = created as unknown as RoutedRunner;
    const query = runner.query.bind(runner) as (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;
    const routed = async (sql: string, parameters?: unknown[], structured?: boolean) => {
      const connected = runner.databaseConnection !== undefined || runner.databaseConnectionPromise !== undefined;
      if (connected) return query(sql, parameters, structured);
      if (!replica.answers(sql)) {
        if (!isReadOnlyStatement(sql)) replica.noteWrite();
        runner.mode = 'master';
        return query(sql, parameters, structured);
      }
      runner.mode = 'slave';
      try {
        return await query(sql, parameters, structured);
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        replica.markDown(describe(error));
        const primary = create('master');
        try {
          return await primary.query(sql, parameters as unknown[], structured as never);
        } finally {
          await primary.release();
        }
      }
    };
    runner.query = routed as QueryRunner['query'];
    return created;
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The replica went away (refused, timed out, shut down, connection lost), as opposed to a SQL error. */
export function isConnectionFailure(error: unknown): boolean {
  const cause = (error as { driverError?: unknown }).driverError ?? error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && /^(08|57P0[1-3])/.test(code)) return true;
  if (typeof code === 'string' && /^E(CONNREFUSED|CONNRESET|HOSTUNREACH|TIMEDOUT|PIPE)$/.test(code)) return true;
  const message = cause instanceof Error ? cause.message : String(cause);
  return /connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Connection terminated unexpectedly|the database system is (starting up|shutting down)/i.test(
    message,
  );
}
