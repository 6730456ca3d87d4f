/** A value sent as one `jsonb` parameter (`$n::jsonb`, `jsonb_to_recordset($n::jsonb)`). */
export const json = (value: unknown): string => JSON.stringify(value);

/** A `bigint` or `numeric` column, which the `pg` driver answers as a string, as a number. */
export const int = (value: string | number | null): number => Number(value);
