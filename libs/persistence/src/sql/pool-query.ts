import { DatabaseError, type Pool, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';

/**
 * One statement on a pooled connection, which goes back to the pool afterwards unless the
 * connection itself broke. `Pool.query` discards its connection on any error, a refusal by the
 * server included (a check constraint, a unique key, `hcs_require`), so every refused statement
 * cost a new backend and its prepared statements: under a hot room, hundreds per second
 * (docs/performance.md, "Refused statements keep their connection").
 */
export async function queryOnPool<R extends QueryResultRow>(pool: Pool, config: QueryConfig): Promise<QueryResult<R>> {
  const client = await pool.connect();
  let result: QueryResult<R>;
  try {
    result = await client.query<R>(config);
  } catch (error) {
    client.release(connectionBroken(error) ? (error as Error) : undefined);
    throw error;
  }
  client.release();
  return result;
}

/**
 * Whether a failed statement leaves its connection unusable: anything but an error the server
 * answered with (the protocol is back at ReadyForQuery after one), and the server's own
 * connection-level errors (class 08, and 57P: shut down by an administrator, a crash or startup).
 */
export function connectionBroken(error: unknown): boolean {
  if (!(error instanceof DatabaseError)) return true;
  return /^(08|57P)/.test(error.code ?? '');
}
