/** Where a `ReachabilityLog` writes: a warning when the dependency goes down, a line when it is back. */
export interface ReachabilityReport {
  down(message: string): void;
  up(message: string): void;
}

/**
 * Logs a dependency's state changes, not its errors (docs/operations-faults.md "Stopping"). Every
 * connection of the dependency reports its failures and recoveries under a name of its own; the
 * dependency is down while any of them is failing. One warning when the first one fails, one line
 * when the last failing one is back: an outage of any length, with reconnect attempts every
 * second or so on a dozen connections, is two log lines.
 */
export class ReachabilityLog {
  /** Connection → the error it first failed with, while it fails. */
  private readonly failing = new Map<string, string>();
  private quiet = false;

  constructor(
    private readonly dependency: string,
    private readonly report: ReachabilityReport,
  ) {}

  get down(): boolean {
    return this.failing.size > 0;
  }

  /** A connection failed (a refused connect, a reset, a timeout): logged only if all were fine. */
  failed(connection: string, error: Error): void {
    if (this.failing.has(connection)) return;
    const wasUp = this.failing.size === 0;
    this.failing.set(connection, error.message);
    if (wasUp && !this.quiet) this.report.down(`${this.dependency} unreachable (${error.message}); reconnecting, logged again when it is back`);
  }

  /** A connection is ready again: logged only if it was the last one failing. */
  recovered(connection: string): void {
    if (!this.failing.delete(connection)) return;
    if (this.failing.size === 0 && !this.quiet) this.report.up(`${this.dependency} reachable again`);
  }

  /** A connection closed on purpose: no longer counted, and nothing logged for it. */
  forget(connection: string): void {
    this.failing.delete(connection);
  }

  /** The process is stopping: its connections close and fail, none of which is news. */
  silence(): void {
    this.quiet = true;
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const CONNECTION_ERROR_MESSAGES = /^Connection is closed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|Failed to refresh slots cache|None of startup nodes is available/;

/** An error about reaching Redis (refused, reset, timed out, closed, no cluster node), not about a command. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && CONNECTION_ERROR_CODES.has(code)) || CONNECTION_ERROR_MESSAGES.test(error.message);
}
