import { DateTime } from 'luxon';
import { remembered } from '../../stay/calendar';

/** `pre_arrival` goes this long before the check-in instant. */
export const PRE_ARRIVAL_HOURS_BEFORE = 48;
/** `post_stay` goes at this local time of the property on the day after check-out. */
export const POST_STAY_LOCAL_TIME = { hour: 10, minute: 0 } as const;

/** 48 h before check-in, or now when check-in is nearer than that. */
export function preArrivalAt(checkInAt: string, now: Date = new Date()): Date {
  const at = new Date(Date.parse(checkInAt) - PRE_ARRIVAL_HOURS_BEFORE * 3_600_000);
  return at.getTime() > now.getTime() ? at : now;
}

/** 10:00 at the property (its time zone) on the day after check-out. */
export function postStayAt(checkOut: string, timezone: string): Date {
  return new Date(postStayInstant(checkOut, timezone));
}

// The zone's rules (DST) need luxon; the answer depends on its two strings only (docs/performance.md).
const postStayInstant = remembered((checkOut: string, timezone: string): string => {
  let day = DateTime.fromISO(checkOut, { zone: timezone });
  if (!day.isValid) day = DateTime.fromISO(checkOut, { zone: 'UTC' });
  return day
    .plus({ days: 1 })
    .set({ ...POST_STAY_LOCAL_TIME, second: 0, millisecond: 0 })
    .toJSDate()
    .toISOString();
});

/**
 * Sweep periods ahead of its `send_at` a follow-up gets its delayed job: nearer ones are enqueued
 * when they are scheduled, later ones by the worker's sweep as they come this near, so the queue
 * holds only what is due soon and Postgres stays the one record of what is scheduled
 * (docs/follow-ups.md "Jobs within reach").
 */
export const JOB_REACH_SWEEP_PERIODS = 2;

/** How far ahead of now a follow-up's job is enqueued, for a sweep every `sweepIntervalSeconds`. */
export function jobReachSeconds(sweepIntervalSeconds: number): number {
  return JOB_REACH_SWEEP_PERIODS * sweepIntervalSeconds;
}

/** The follow-ups whose job is enqueued now: due within the reach (or already due). */
export function withinJobReach<T extends { sendAt: Date }>(items: T[], sweepIntervalSeconds: number, now: number = Date.now()): T[] {
  const reach = now + jobReachSeconds(sweepIntervalSeconds) * 1000;
  return items.filter((f) => f.sendAt.getTime() <= reach);
}

/**
 * After a failed attempt: the delay before the next one from the retry schedule (the webhooks'
 * schedule, WEBHOOK_RETRY_SCHEDULE), or null when `attemptsMade` used it up.
 */
export function retryDelaySeconds(attemptsMade: number, schedule: number[]): number | null {
  return attemptsMade >= 1 && attemptsMade <= schedule.length ? schedule[attemptsMade - 1] : null;
}
