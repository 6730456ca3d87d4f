import type { AdvisorLocale, AdvisorMessageRecord, AdvisorSessionRecord, AdvisorSuggestion } from '@hcs/domain';
import { statement } from '../sql/statement';
import { json } from '../sql/sql-values';

/** The rows, statements and mappers of `advisor_sessions` and `advisor_messages` (docs/advisor.md). */
export interface AdvisorSessionRow {
  id: string;
  message_count: number;
  tenant_id: string;
  principal_id: string;
  property_id: string;
  property_slug: string;
  property_name: string;
  locale: AdvisorLocale;
  requested_locale: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
}

export interface AdvisorMessageRow {
  id: string;
  seq: number;
  role: 'user' | 'assistant';
  message: string;
  grounded_facts: string[];
  suggestions: AdvisorSuggestion[];
  created_at: Date;
}

const SESSION_COLUMNS = `id, message_count, tenant_id, principal_id, property_id, property_slug, property_name, locale, requested_locale, created_at, updated_at, expires_at`;

/** Messages as one JSON parameter ($3), numbered from 1, read back by jsonb_to_recordset. */
const MESSAGE_SET = `jsonb_to_recordset($3::jsonb) AS m(id uuid, ord int, role text, message text, grounded_facts jsonb, suggestions jsonb, created_at timestamptz)`;

/** One statement: the session and its first messages exist together or not at all. */
export const insertSessionWithMessages = statement<
  [
    tenantId: string,
    id: string,
    messages: string,
    principalId: string,
    propertyId: string,
    propertySlug: string,
    propertyName: string,
    locale: AdvisorLocale,
    requestedLocale: string | null,
    expiresAt: Date,
    messageCount: number,
  ],
  Record<string, never>
>(
  `WITH s AS (
     INSERT INTO advisor_sessions (id, tenant_id, principal_id, property_id, property_slug, property_name, locale, requested_locale, expires_at, message_count)
     VALUES ($2, $1, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id, tenant_id
   )
   INSERT INTO advisor_messages (id, tenant_id, session_id, seq, role, message, grounded_facts, suggestions, created_at)
   SELECT m.id, s.tenant_id, s.id, m.ord, m.role, m.message, m.grounded_facts, m.suggestions, m.created_at FROM s, ${MESSAGE_SET}`,
);

export const sessionById = statement<[tenantId: string, id: string], AdvisorSessionRow>(
  `SELECT ${SESSION_COLUMNS} FROM advisor_sessions WHERE tenant_id = $1 AND id = $2`,
);

/** A page of a session's messages after `afterSeq`; a null limit reads them all. */
export const messagesAfter = statement<[tenantId: string, sessionId: string, afterSeq: number, limit: number | null], AdvisorMessageRow>(
  `SELECT id, seq, role, message, grounded_facts, suggestions, created_at FROM advisor_messages
    WHERE tenant_id = $1 AND session_id = $2 AND seq > $3 ORDER BY seq LIMIT $4::int`,
);

/** The cap is part of the locking UPDATE: concurrent questions cannot pass it together. */
export const appendMessages = statement<[tenantId: string, id: string, messages: string, count: number, expiresAt: Date, maxMessages: number], { seq: number }>(
  `WITH s AS (
     UPDATE advisor_sessions SET message_count = message_count + $4, updated_at = now(), expires_at = $5
     WHERE tenant_id = $1 AND id = $2 AND message_count + $4 <= $6 RETURNING id, tenant_id, message_count - $4 AS before
   )
   INSERT INTO advisor_messages (id, tenant_id, session_id, seq, role, message, grounded_facts, suggestions, created_at)
   SELECT m.id, s.tenant_id, s.id, s.before + m.ord, m.role, m.message, m.grounded_facts, m.suggestions, m.created_at FROM s, ${MESSAGE_SET}
   RETURNING seq`,
);

/** The messages parameter of `insertSessionWithMessages` and `appendMessages`. */
export const messagesParam = (messages: AdvisorMessageRecord[]): string =>
  json(
    messages.map((m, index) => ({
      id: m.id,
      ord: index + 1,
      role: m.role,
      message: m.message,
      grounded_facts: m.groundedFacts,
      suggestions: m.suggestions,
      created_at: m.createdAt.toISOString(),
    })),
  );

const toMessage = (r: AdvisorMessageRow): AdvisorMessageRecord => ({
  id: r.id,
  seq: Number(r.seq),
  role: r.role,
  message: r.message,
  groundedFacts: r.grounded_facts,
  suggestions: r.suggestions,
  createdAt: r.created_at,
});

export const toAdvisorSession = (r: AdvisorSessionRow, messages: AdvisorMessageRow[]): AdvisorSessionRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  principalId: r.principal_id,
  propertyId: r.property_id,
  propertySlug: r.property_slug,
  propertyName: r.property_name,
  locale: r.locale,
  requestedLocale: r.requested_locale,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  expiresAt: r.expires_at,
  messageCount: Number(r.message_count),
  messages: messages.map(toMessage),
});
