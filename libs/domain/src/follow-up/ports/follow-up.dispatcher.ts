import type { FollowUpRef } from './follow-up.repository';

/** Port: wakes the worker at each follow-up's `send_at` (a BullMQ delayed job in production). */
export abstract class FollowUpDispatcher {
  abstract enqueue(items: FollowUpRef[], traceId: string): Promise<void>;
}
