/** SQLSTATE raised by `hcs_require` (migration SingleStatementChain): the statement refused itself. */
export const STATEMENT_REFUSED = 'HC001';

/** True when `error` is `hcs_require(false, code)` raised by a composed statement. */
export function refusedBy(error: unknown, code: string): boolean {
  const e = error as { code?: string; message?: string; driverError?: { code?: string; message?: string } } | null;
  const pg = e?.driverError ?? e;
  return pg?.code === STATEMENT_REFUSED && pg.message === code;
}

/** The argument of `hcs_require(false, '<code> <argument>')`, or null when `error` is not that refusal. */
export function refusalArgument(error: unknown, code: string): string | null {
  const e = error as { code?: string; message?: string; driverError?: { code?: string; message?: string } } | null;
  const pg = e?.driverError ?? e;
  if (pg?.code !== STATEMENT_REFUSED || typeof pg.message !== 'string' || !pg.message.startsWith(`${code} `)) return null;
  return pg.message.slice(code.length + 1);
}
