import { Injectable } from '@nestjs/common';
import {
  AdvisorLocale,
  AdvisorMessagePage,
  AdvisorMessageRecord,
  AdvisorSessionRecord,
  AdvisorSessionRepository,
  AdvisorSuggestion,
  NewAdvisorSession,
} from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { json, modify } from '../booking/sql';

interface SessionRow {
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

interface MessageRow {
  id: string;
  seq: number;
  role: 'user' | 'assistant';
  message: string;
  grounded_facts: string[];
  suggestions: AdvisorSuggestion[];
  created_at: Date;
}

const toMessage = (r: MessageRow): AdvisorMessageRecord => ({
  id: r.id,
  seq: Number(r.seq),
  role: r.role,
  message: r.message,
  groundedFacts: r.grounded_facts,
  suggestions: r.suggestions,
  createdAt: r.created_at,
});

const toSession = (r: SessionRow, messages: MessageRow[]): AdvisorSessionRecord => ({
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

/** Messages as one JSON parameter, numbered from `first`, for jsonb_to_recordset. */
const messagesParam = (messages: AdvisorMessageRecord[]) =>
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

const MESSAGE_SET = `jsonb_to_recordset($3::jsonb) AS m(id uuid, ord int, role text, message text, grounded_facts jsonb, suggestions jsonb, created_at timestamptz)`;

@Injectable()
export class TypeOrmAdvisorSessionRepository extends AdvisorSessionRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  async create(s: NewAdvisorSession, firstMessages: AdvisorMessageRecord[]): Promise<AdvisorSessionRecord> {
    // One statement: the session and its first messages exist together or not at all.
    await this.m.query(
      `WITH s AS (
         INSERT INTO advisor_sessions (id, tenant_id, principal_id, property_id, property_slug, property_name, locale, requested_locale, expires_at, message_count)
         VALUES ($2, $1, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id, tenant_id
       )
       INSERT INTO advisor_messages (id, tenant_id, session_id, seq, role, message, grounded_facts, suggestions, created_at)
       SELECT m.id, s.tenant_id, s.id, m.ord, m.role, m.message, m.grounded_facts, m.suggestions, m.created_at FROM s, ${MESSAGE_SET}`,
      [
        s.tenantId,
        s.id,
        messagesParam(firstMessages),
        s.principalId,
        s.propertyId,
        s.propertySlug,
        s.propertyName,
        s.locale,
        s.requestedLocale,
        s.expiresAt,
        firstMessages.length,
      ],
    );
    return (await this.find(s.tenantId, s.id)) as AdvisorSessionRecord;
  }

  async find(tenantId: string, id: string, page?: AdvisorMessagePage): Promise<AdvisorSessionRecord | null> {
    const [session] = (await this.m.query(`SELECT * FROM advisor_sessions WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) as SessionRow[];
    if (!session) return null;
    const messages = (await this.m.query(
      `SELECT id, seq, role, message, grounded_facts, suggestions, created_at FROM advisor_messages
        WHERE tenant_id = $1 AND session_id = $2 AND seq > $3 ORDER BY seq LIMIT $4::int`,
      [tenantId, id, page?.afterSeq ?? 0, page?.limit ?? null],
    )) as MessageRow[];
    return toSession(session, messages);
  }

  async append(tenantId: string, id: string, messages: AdvisorMessageRecord[], expiresAt: Date, maxMessages: number): Promise<AdvisorSessionRecord | null> {
    // The cap is part of the locking UPDATE: concurrent questions cannot pass it together.
    const inserted = await modify<{ seq: number }>(
      this.m,
      `WITH s AS (
         UPDATE advisor_sessions SET message_count = message_count + $4, updated_at = now(), expires_at = $5
         WHERE tenant_id = $1 AND id = $2 AND message_count + $4 <= $6 RETURNING id, tenant_id, message_count - $4 AS before
       )
       INSERT INTO advisor_messages (id, tenant_id, session_id, seq, role, message, grounded_facts, suggestions, created_at)
       SELECT m.id, s.tenant_id, s.id, s.before + m.ord, m.role, m.message, m.grounded_facts, m.suggestions, m.created_at FROM s, ${MESSAGE_SET}
       RETURNING seq`,
      [tenantId, id, messagesParam(messages), messages.length, expiresAt, maxMessages],
    );
    if (inserted.length === 0) return null;
    const before = Math.min(...inserted.map((row) => Number(row.seq))) - 1;
    return this.find(tenantId, id, { afterSeq: before, limit: messages.length });
  }
}
