import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Makes the next SQL statement containing `marker` fail with `error`, once, at the entity manager
 * the repositories query through outside a transaction (the chain's one-statement writes run
 * there). `error` may be built from the statement and its parameters, as a driver error is.
 * Returns how many times it fired and a restore function.
 */
export function failStatementOnce(
  app: INestApplicationContext,
  marker: string,
  error: Error | ((sql: string, params: unknown[] | undefined) => Error),
): { fired: () => number; restore: () => void } {
  const manager = app.get(DataSource).manager;
  const original = manager.query.bind(manager);
  let fired = 0;
  const spy = jest.spyOn(manager, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
    if (fired === 0 && sql.includes(marker)) {
      fired += 1;
      return Promise.reject(typeof error === 'function' ? error(sql, params) : error);
    }
    return original(sql, params);
  }) as typeof manager.query);
  return { fired: () => fired, restore: () => spy.mockRestore() };
}
