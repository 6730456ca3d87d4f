import { randomBytes } from 'node:crypto';

/** How a process names the statements it sends: `undefined` sends a statement unnamed. */
export interface StatementNaming {
  /** The name to prepare a composed or typed statement's `text` under. */
  nameOf(text: string): string | undefined;
  /** The server-side name of a statement that names itself (`statement(text, name)`). */
  qualify(name: string): string | undefined;
}

/**
 * No statement named: for a pooler in transaction mode (PgBouncer before 1.21), which hands each
 * transaction any server connection, where a statement prepared on another does not exist
 * (docs/scaling.md, "Through a connection pooler").
 */
export const UNNAMED_STATEMENTS: StatementNaming = { nameOf: () => undefined, qualify: () => undefined };

/** A prefix of this process alone, so two processes behind one pooler never give two texts one name. */
export function processPrefix(): string {
  return `hcs_${randomBytes(4).toString('hex')}_`;
}

/**
 * Names the statement texts a process sends again and again, so that each pooled connection
 * prepares them once and Postgres skips parsing, analysing and (once its plan cache settles on a
 * generic plan) planning on every later run (docs/performance.md, "Prepared statements"): the
 * booking chain's composed statements cost more to parse and plan than to run.
 *
 * A text is named the second time it is seen, so a text composed for one call (a batch of N rows,
 * a list of ids) never becomes a server-side statement. At most `capacity` texts are named per
 * process: each one costs a prepared statement (and its cached plan) on every connection of the
 * pool, so the cap bounds Postgres's memory whatever the process sends. The texts seen once are
 * forgotten in bulk when `capacity * 8` of them pile up.
 */
export class PreparedNames implements StatementNaming {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly capacity = 128,
    /** Begins every name this instance gives (`hcs_p1`, `hcs_search_destination`). */
    private readonly tag = 'hcs_',
  ) {}

  qualify(name: string): string {
    return `${this.tag}${name}`;
  }

  /** The name to prepare `text` under, or undefined to send it unnamed (parsed and planned on every run). */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.capacity) return named;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= this.capacity * 8) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `${this.tag}p${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts are named (each prepared on a connection the first time it runs there). */
  get size(): number {
    return this.names.size;
  }
}

/**
 * One naming for the whole process: every SqlClient of it (a test may build several modules over
 * one pool) and every pool it opens (primary, replica) give a text the same name, and a name never
 * means two texts on one connection.
 */
export const PROCESS_PREPARED_NAMES = new PreparedNames(128, processPrefix());
