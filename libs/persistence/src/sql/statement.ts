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
  /**
   * A server-side prepared statement's name, for a statement whose parsing and planning cost as
   * much as running it and whose generic plan fits every parameter (the destination search,
   * docs/catalog.md). Each connection prepares it once, on first use, under the process's own
   * prefix (`SqlClient`'s naming); never named through a transaction-mode pooler.
   */
  readonly name?: string;
  /** Type witnesses only; never set. */
  readonly params?: P;
  readonly row?: R;
}

export function statement<P extends readonly unknown[], R extends QueryResultRow>(text: string, name?: string): Statement<P, R> {
  return name === undefined ? { text } : { text, name };
}
