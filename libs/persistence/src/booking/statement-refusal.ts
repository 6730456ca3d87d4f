/** SQLSTATE raised by `hcs_require` (migration SingleStatementChain): the statement refused itself. */
export const STATEMENT_REFUSED = 'HC001';

/** True when `error` is `hcs_require(false, code)` raised by a composed statement. */
export function refusedBy(error: unknown, code: string): boolean {
  const e = error as { code?: string; message?: string; driverError?: { code?: string; message?: string } } | null;
  const pg = e?.driverError ?? e;
  return pg?.code === STATEMENT_REFUSED && pg.message === code;
}
