import { Client } from 'pg';

/**
 * Counts the SQL statements (round trips) the process sends through `pg`, including BEGIN and
 * COMMIT, by wrapping `Client.prototype.query`. Statements are recorded in order so a failing
 * budget test shows what ran.
 */
export interface StatementCounter {
  /** Statements recorded since the last `reset()`. */
  readonly statements: string[];
  reset: () => void;
  restore: () => void;
}

export function countSqlStatements(): StatementCounter {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const statements: string[] = [];
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    statements.push(text.replace(/\s+/g, ' ').trim().slice(0, 160));
    return original.apply(this, args);
  };
  return {
    statements,
    reset: () => {
      statements.length = 0;
    },
    restore: () => {
      proto.query = original;
    },
  };
}
