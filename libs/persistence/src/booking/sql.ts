import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE and returns its RETURNING rows (the Postgres driver answers these
 * statements with `[rows, rowCount]`). With RETURNING, the number of rows is the affected count.
 */
export async function modify<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result = (await manager.query(sql, params)) as [T[], number] | T[];
  return Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}

/** Runs an UPDATE or DELETE and returns how many rows it changed. */
export async function affected(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const result = (await manager.query(sql, params)) as [unknown[], number];
  return result[1];
}

export const json = (value: unknown): string => JSON.stringify(value);
export const int = (value: string | number | null): number => Number(value);
