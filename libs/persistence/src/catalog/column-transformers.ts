import type { ValueTransformer } from 'typeorm';

/** Postgres `bigint` and `numeric` arrive as strings; the catalog's values fit a JS number. */
export const numberColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};

/** `date` columns as `YYYY-MM-DD` strings, never shifted through a JS Date. */
export const dateColumn: ValueTransformer = {
  to: (value: string) => value,
  from: (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
};
