/**
 * Waits for a queue command at most `ms`: a queue that never reached Redis waits for its first
 * connection before any command, and a caller must not hang on it. Past `ms` it rejects, naming
 * `queue`; the command itself is left to finish or fail on its own.
 */
export async function withinQueueTimeout(command: Promise<unknown>, ms: number, queue: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${queue} queue did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    await Promise.race([command, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
