import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlClient } from '@hcs/persistence';

/**
 * Makes the next SQL statement containing `marker` fail with `error`, once, at either door a
 * repository queries through: the entity manager outside a transaction, or the `SqlClient` the
 * chain's statements use (docs/architecture.md, "Typed SQL"). `error` may be built from the
 * statement and its parameters, as a driver error is. Returns how many times it fired and a
 * restore function.
 */
export function failStatementOnce(
  app: INestApplicationContext,
  marker: string,
  error: Error | ((sql: string, params: readonly unknown[] | undefined) => Error),
): { fired: () => number; restore: () => void } {
  const failure = (sql: string, params: readonly unknown[] | undefined) => (typeof error === 'function' ? error(sql, params) : error);
  const manager = app.get(DataSource).manager;
  const original = manager.query.bind(manager);
  let fired = 0;
  const spy = jest.spyOn(manager, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
    if (fired === 0 && sql.includes(marker)) {
      fired += 1;
      return Promise.reject(failure(sql, params));
    }
    return original(sql, params);
  }) as typeof manager.query);
  const sql = app.get(SqlClient);
  const originalRows = sql.rows.bind(sql);
  const sqlSpy = jest.spyOn(sql, 'rows').mockImplementation(((text: string, values: readonly unknown[]) => {
    if (fired === 0 && text.includes(marker)) {
      fired += 1;
      return Promise.reject(failure(text, values));
    }
    return originalRows(text, values);
  }) as typeof sql.rows);
  return {
    fired: () => fired,
    restore: () => {
      spy.mockRestore();
      sqlSpy.mockRestore();
    },
  };
}
