import type { FieldError } from '../../errors/domain-error';
import { SUBSCRIBABLE_EVENT_TYPES } from '../webhook.types';

export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

/** `events[]`: at least one, each a subscribable type, no repeats. */
export function eventListProblems(events: string[]): FieldError[] {
  if (events.length === 0) return [{ path: 'events', message: 'must name at least one event type' }];
  const problems: FieldError[] = [];
  events.forEach((type, i) => {
    if (!(SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(type))
      problems.push({ path: `events[${i}]`, message: `must be one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}` });
    else if (events.indexOf(type) !== i) problems.push({ path: `events[${i}]`, message: 'is listed twice' });
  });
  return problems;
}
