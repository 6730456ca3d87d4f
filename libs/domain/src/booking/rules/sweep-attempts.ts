import { maskQuotedInput } from '@hcs/platform';

/**
 * A row a sweep fails on (hold expiry, stranded payment recovery) is tried again on the next
 * sweeps, this many times in all, then dead-lettered: later sweeps skip it until an operator
 * clears the mark (docs/operations-faults.md). One bad row never blocks the rows behind it.
 */
export const SWEEP_MAX_ATTEMPTS = 5;

/** The error text kept on the row for the operator (never shown to API clients). */
export function sweepErrorText(error: unknown): string {
  return maskQuotedInput(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}
