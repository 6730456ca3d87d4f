/**
 * Failures that mean the database cannot be reached or dropped the connection, as opposed to a
 * statement it refused: the request may succeed if retried shortly. The api answers them with
 * `service_unavailable` (503, retry_after) instead of `internal_error` (docs/operations-faults.md).
 */

/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention), too many connections,
 * and a write that reached a server in recovery (25006, read_only_sql_transaction): during a
 * failover a proxy may still send a connection to the old primary coming back as a standby or to
 * the new one before its promotion; the service itself opens no read-only transaction on the
 * primary (docs/scaling.md, "Losing the Postgres primary").
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|53300|25006)$/;

/** Node socket errors on the way to the database. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres' own messages for a pool that cannot hand out a connection or a socket that closed. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Connection is not open',
  // The client's own bound on a statement's answer (DATABASE_QUERY_TIMEOUT_MS): the server went silent.
  'Query read timeout',
];

/**
 * TypeORM releases a query runner whose connection failed; the transaction using it then meets
 * these on its next statement or its rollback.
 */
const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/** Seconds a client is told to wait before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const e = current as { name?: unknown; code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof e.name === 'string' && RELEASED_RUNNER_ERRORS.has(e.name)) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    // TypeORM wraps the driver's error (QueryFailedError.driverError); others chain it as `cause`.
    current = e.driverError ?? e.cause;
  }
  return false;
}
