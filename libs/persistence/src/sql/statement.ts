import type { QueryResultRow } from 'pg';

/**
 * One SQL statement with its parameters and rows typed where it is written (docs/architecture.md,
 * "Typed SQL"). The types are carried by the value only; at run time a statement is its text.
 *
 *   const byId = statement<[tenantId: string, id: string], QuoteRow>(`SELECT … WHERE tenant_id = $1 AND id = $2`);
 *   const rows = await sql.run(byId, [tenantId, id]); // QuoteRow[]
 */
export interface Statement<P extends readonly unknown[], R extends QueryResultRow> {
  readonly text: string;
  /** Type witnesses only; never set. */
  readonly params?: P;
  readonly row?: R;
}

export function statement<P extends readonly unknown[], R extends QueryResultRow>(text: string): Statement<P, R> {
  return { text };
}
