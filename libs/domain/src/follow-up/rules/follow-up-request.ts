import type { FieldError } from '../../errors/domain-error';
import { FOLLOW_UP_KINDS, FOLLOW_UP_MESSAGE_MAX, FollowUpKind } from '../follow-up.types';

/** A `send_at` this little in the past still counts as "now" (clock skew between caller and us). */
export const SEND_AT_PAST_TOLERANCE_MS = 30_000;

export interface FollowUpRequest {
  kind: string;
  message: string | null;
  /** RFC 3339 date-time, or null for "now". */
  sendAt: string | null;
}

/** Every problem of a follow-up request at once (empty when valid). */
export function followUpRequestProblems(request: FollowUpRequest, now: Date = new Date()): FieldError[] {
  const problems: FieldError[] = [];
  if (!FOLLOW_UP_KINDS.includes(request.kind as FollowUpKind)) {
    problems.push({ path: 'kind', message: `must be one of ${FOLLOW_UP_KINDS.join(', ')}` });
  }
  if (request.message !== null && (request.message.length < 1 || request.message.length > FOLLOW_UP_MESSAGE_MAX)) {
    problems.push({ path: 'message', message: `must be 1 to ${FOLLOW_UP_MESSAGE_MAX} characters` });
  } else if (request.message === null && request.kind === 'custom') {
    problems.push({ path: 'message', message: 'is required for a custom follow-up' });
  }
  if (request.sendAt !== null) {
    const at = Date.parse(request.sendAt);
    if (Number.isNaN(at)) problems.push({ path: 'send_at', message: 'must be an RFC 3339 date-time' });
    else if (at < now.getTime() - SEND_AT_PAST_TOLERANCE_MS) problems.push({ path: 'send_at', message: 'must not be in the past' });
  }
  return problems;
}
