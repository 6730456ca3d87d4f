import type { Command } from 'ioredis';

/**
 * ioredis keeps a command's deadline timer in this (private) field, clears it when the command
 * settles, and its own `Command.setTimeout` arms none once it is set.
 */
interface TimedCommand {
  _commandTimeoutTimer?: NodeJS.Timeout;
}

/**
 * Gives `command` a deadline that a stalled event loop cannot break (docs/operations-faults.md
 * "Redis"). ioredis's own `commandTimeout` rejects from a timer, and after a stall (a long GC
 * pause, a starved CPU, a busy boot) Node runs due timers before it reads the sockets: a reply that
 * arrived in time was thrown away as `Command timed out`. Here the expired deadline rejects only
 * after the loop's I/O phase of the same turn (setImmediate), so a reply already received wins and a
 * Redis that really did not answer still fails the command at the deadline. The timer is the one
 * ioredis clears when the command settles.
 */
export function armDeadline(command: Command, ms: number): void {
  const timed = command as unknown as TimedCommand;
  if (timed._commandTimeoutTimer !== undefined || command.isResolved) return;
  timed._commandTimeoutTimer = setTimeout(() => setImmediate(() => expire(command)), ms);
}

function expire(command: Command): void {
  if (!command.isResolved) command.reject(new Error('Command timed out'));
}
