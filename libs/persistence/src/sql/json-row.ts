/**
 * A row as Postgres renders it inside jsonb (`to_jsonb(t)`, `jsonb_agg`): timestamps arrive as ISO
 * strings, everything else as the row type already says (numbers, text, arrays, nested jsonb).
 */
export type JsonRow<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };

/** A jsonb timestamp back to the `Date` the driver gives for a plain column. */
export const jsonDate = (value: string): Date => new Date(value);
export const jsonDateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));
