import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE through an EntityManager and returns its RETURNING rows.
 *
 * Superseded by `SqlClient` (docs/architecture.md "Typed SQL"); kept only for its last two users,
 * `webhooks/typeorm-webhook-delivery.repository.ts` and the sandbox payment provider in
 * `libs/adapters`, which branch perfstmts moves to `SqlClient`. This file is deleted with them
 * (it is on the temporary allow-list of test/e2e/foundation/typed-sql.e2e-spec.ts).
 */
export async function modify<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result = (await manager.query(sql, params)) as [T[], number] | T[];
  return Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}
