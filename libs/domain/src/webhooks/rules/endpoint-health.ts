/** Automatic disabling of failing endpoints (docs/events.md "Automatic disabling"). */

export const GONE_DISABLE_REASON = 'the receiver answered 410 Gone';

export const FAILURE_DISABLE_REASON = (hours: number): string => `every attempt failed for ${hours} h without a success`;

/** True once a run of failures that began at `since` spans `hours`. */
export function failingRunExpired(since: Date, now: Date, hours: number): boolean {
  return now.getTime() - since.getTime() >= hours * 3_600_000;
}
