import type { DeliveryState } from '../webhook.types';

/** What one attempt's answer means for its delivery (docs/events.md "Retries"). */
export type AttemptVerdict = 'succeeded' | 'retry' | 'final' | 'gone';

/** 2xx succeeds; 410 is final and disables the endpoint; other 4xx but 408/429 are final; the rest retries. */
export function attemptVerdict(status: number | null): AttemptVerdict {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'final';
  return 'retry';
}

/** Jitter of ±10 % around each scheduled delay, so receivers recovering from an outage are not hit in step. */
export const RETRY_JITTER = 0.1;

/**
 * Delay before the retry that follows `attempt` (1-based) of a chain, or null when the schedule
 * is spent and the delivery is dead. `random` in [0, 1).
 */
export function retryDelayMs(schedule: number[], attempt: number, random: number): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/** Where a delivery goes after an attempt: its state and, while retrying, when the next attempt is due. */
export interface DeliveryMove {
  state: Exclude<DeliveryState, 'in_flight'>;
  nextAttemptAt: Date | null;
}

/**
 * The move after attempt `attempt` (1-based) of a chain: `succeeded`; `failed` for a final or
 * gone answer; else `pending` until the retry the schedule gives (with jitter), or `dead` once it
 * is spent. `random` in [0, 1).
 */
export function deliveryMove(verdict: AttemptVerdict, schedule: number[], attempt: number, random: number, now: number): DeliveryMove {
  if (verdict === 'succeeded') return { state: 'succeeded', nextAttemptAt: null };
  if (verdict === 'final' || verdict === 'gone') return { state: 'failed', nextAttemptAt: null };
  const delay = retryDelayMs(schedule, attempt, random);
  return delay === null ? { state: 'dead', nextAttemptAt: null } : { state: 'pending', nextAttemptAt: new Date(now + delay) };
}
