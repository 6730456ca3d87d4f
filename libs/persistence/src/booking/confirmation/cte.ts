/** One named common table expression of a composed statement. */
export interface Cte {
  name: string;
  body: string;
}

/** `WITH a AS (…), b AS (…) <select>`: the fragments in the order given (a later one may read an earlier one). */
export function withCtes(ctes: readonly Cte[], select: string): string {
  return `WITH ${ctes.map((c) => `${c.name} AS (${c.body})`).join(',\n')}\n${select}`;
}
