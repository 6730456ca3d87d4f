import { SqlParams } from '../booking/sql-params';

/** A column and the value to write to it, with the cast its placeholder needs (`jsonb`, …). */
export type ColumnValue = readonly [column: string, value: unknown, cast?: string];

/** `INSERT INTO table (columns) VALUES (placeholders) RETURNING returning`, with its values. */
export function insertRow(table: string, columns: readonly ColumnValue[], returning: string): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const placeholders = columns.map(([, value, cast]) => p.add(value, cast));
  return {
    text: `INSERT INTO ${table} (${columns.map(([column]) => column).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${returning}`,
    values: p.values,
  };
}

/**
 * `UPDATE table SET columns WHERE where RETURNING returning`: only the columns given are set
 * (`also` adds fixed assignments such as `updated_at = now()`), the row picked by equality on each
 * `where` column. Null when there is nothing to set.
 */
export function updateRow(
  table: string,
  columns: readonly ColumnValue[],
  where: readonly ColumnValue[],
  returning: string,
  also: readonly string[] = [],
): { text: string; values: unknown[] } | null {
  if (columns.length === 0 && also.length === 0) return null;
  const p = new SqlParams();
  const set = [...columns.map(([column, value, cast]) => `${column} = ${p.add(value, cast)}`), ...also];
  const match = where.map(([column, value, cast]) => `${column} = ${p.add(value, cast)}`);
  return { text: `UPDATE ${table} SET ${set.join(', ')} WHERE ${match.join(' AND ')} RETURNING ${returning}`, values: p.values };
}
