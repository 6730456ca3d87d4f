import type { NextAction } from '@hcs/contracts';
import { encodeAdvisorCursor } from './rules/advisor-cursor';
import type { AdvisorSessionRecord, AdvisorSuggestion } from './advisor.types';

/**
 * The advisor session of docs/advisor.md: its documented fields, where `messages` may be a part of
 * the session (an answer carries the question and the answer only), plus `next_cursor`, which
 * reads the messages after these (`GET /v1/advisor/sessions/{id}?cursor=`).
 */
export interface AdvisorSessionView {
  session_id: string;
  property_slug: string;
  property_name: string;
  created_at: string;
  updated_at: string;
  messages: Array<{ id: string; role: 'user' | 'assistant'; message: string; grounded_facts: string[]; suggestions: AdvisorSuggestion[]; created_at: string }>;
  next_cursor: string;
}

/** `afterSeq`: where the page began (kept as the cursor when it holds no message). */
export function advisorSessionView(session: AdvisorSessionRecord, afterSeq = 0): AdvisorSessionView {
  const last = session.messages[session.messages.length - 1];
  return {
    session_id: session.id,
    property_slug: session.propertySlug,
    property_name: session.propertyName,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    messages: session.messages.map((m) => ({
      id: m.id,
      role: m.role,
      message: m.message,
      grounded_facts: m.groundedFacts,
      suggestions: m.suggestions,
      created_at: m.createdAt.toISOString(),
    })),
    next_cursor: encodeAdvisorCursor(last?.seq ?? afterSeq),
  };
}

/** Ask again, read the session, or leave the advisor for the booking chain. */
export function advisorNextActions(session: AdvisorSessionRecord): NextAction[] {
  return [
    { rel: 'get', method: 'GET', href: `/v1/advisor/sessions/${session.id}` },
    { rel: 'search', method: 'POST', href: '/v1/search', body_hint: { destination: { type: 'property', value: session.propertySlug } } },
  ];
}
