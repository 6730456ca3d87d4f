/**
 * Port: runs work once the current transaction has committed (at once outside a transaction),
 * never when it rolls back. The task runs in the background: its failure is logged, never thrown
 * to the caller, so a queue that is down cannot fail or slow the request that committed.
 */
export abstract class AfterCommit {
  abstract run(label: string, task: () => Promise<unknown>): void;
}
