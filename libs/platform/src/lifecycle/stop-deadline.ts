/**
 * SIGTERM (or SIGINT) to exit, at most (docs/operations-faults.md "Stopping"): under a process
 * manager's usual 15 s before it sends SIGKILL, so the process says what it left.
 */
export const STOP_DEADLINE_MS = 13_000;

/** What the process still waits on, by kind (sockets, timers, …), for the deadline's log line. */
export function pendingResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind} x${n}`).join(', ') || 'nothing';
}

/**
 * Bounds the stop of a process whose shutdown hooks Nest runs on SIGTERM/SIGINT: if they have not
 * finished `deadlineMs` after the signal (a dependency that neither answers nor fails, a job that
 * does not end), it writes what was still pending and exits with code 1. What was left is for the
 * recovery paths (docs/operations-faults.md). The timer does not hold a process that stopped.
 */
export function armStopDeadline(processName: string, deadlineMs = STOP_DEADLINE_MS): void {
  const arm = (signal: NodeJS.Signals) => {
    process.removeListener('SIGTERM', arm);
    process.removeListener('SIGINT', arm);
    setTimeout(() => {
      process.stderr.write(
        `${processName} did not stop within ${deadlineMs / 1000} s of ${signal}; exiting with its shutdown unfinished (still pending: ${pendingResources()})\n`,
      );
      process.exit(1);
    }, deadlineMs).unref();
  };
  process.on('SIGTERM', arm);
  process.on('SIGINT', arm);
}
