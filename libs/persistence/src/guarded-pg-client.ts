import { Client, ClientConfig } from 'pg';

/**
 * The pool's connection class. A backend that dies (pg_terminate_backend, a restart, a dropped
 * socket) makes node-postgres emit 'error' on its client; queries in flight get the error, the pool
 * drops an idle client, TypeORM releases a checked-out one, but a client between two of those
 * states has no listener and the unhandled event would end the whole process. This listener only
 * keeps the process alive: the failed query still fails (`service_unavailable`, see
 * database-unavailable.ts) and the pool replaces the connection.
 */
export class GuardedPgClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
