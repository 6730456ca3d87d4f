/**
 * Names the statement texts a process sends again and again, so that each pooled connection
 * prepares them once and Postgres skips parsing, analysing and (once its plan cache settles on a
 * generic plan) planning on every later run (docs/performance.md, "Prepared statements"). Parsing
 * and planning the booking chain's composed statements was 43% of Postgres's CPU under the chain.
 *
 * A text is named the second time it is seen, so a text composed for one call (a batch of N rows,
 * a list of ids) never becomes a server-side statement. At most `capacity` texts are named per
 * process: each one costs a prepared statement (and its cached plan) on every connection of the
 * pool, so the cap bounds Postgres's memory whatever the process sends. The texts seen once are
 * forgotten in bulk when `capacity * 8` of them pile up.
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly capacity = 128,
    private readonly prefix = 'hcs_p',
  ) {}

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
    const name = `${this.prefix}${this.names.size + 1}`;
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
export const PROCESS_PREPARED_NAMES = new PreparedNames();
