import pino, { type DestinationStream } from 'pino';

/**
 * Where a process writes its log lines: the file descriptor itself (1, stdout, or 2, stderr),
 * written synchronously from the thread that logs, as pino's own default destination does. An
 * asynchronous destination hands every write to libuv's thread pool: a pool thread is woken and
 * then the event loop again when it is done, and on a virtual machine those wake-ups (`futex`)
 * are the costliest system calls (docs/performance.md, "The pipeline, piece by piece"). Node writes its own stdout synchronously to files and pipes on Linux, so a
 * log collector that stops reading holds the process exactly as `console.log` would; and a line
 * is never lost in a crash.
 */
export function logDestination(fd: number): DestinationStream {
  return pino.destination({ dest: fd, sync: true });
}
