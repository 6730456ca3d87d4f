import pino, { type DestinationStream } from 'pino';

/**
 * Where a process writes its log lines: the file descriptor itself (1, stdout, or 2, stderr),
 * written synchronously from the thread that logs. An asynchronous destination hands every write
 * to libuv's thread pool, and the hand-off (waking a pool thread, then the event loop again when
 * it is done) cost the api more than the line itself: 45–60 µs of CPU per request on the bare
 * route against about 1 µs for the write (docs/performance.md, "Seventh round"). Node writes its
 * own stdout synchronously to files and pipes on Linux, so a log collector that stops reading
 * holds the process exactly as `console.log` would; and a line is never lost in a crash.
 */
export function logDestination(fd: number): DestinationStream {
  return pino.destination({ dest: fd, sync: true });
}
