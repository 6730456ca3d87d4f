import { Injectable } from '@nestjs/common';
import { AdvisorMessagePage, AdvisorMessageRecord, AdvisorSessionRecord, AdvisorSessionRepository, NewAdvisorSession } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { appendMessages, insertSessionWithMessages, messagesAfter, messagesParam, sessionById, toAdvisorSession } from './advisor-session-row';

/** Advisor sessions and their messages (docs/advisor.md); statements in `advisor-session-row.ts`. */
@Injectable()
export class SqlAdvisorSessionRepository extends AdvisorSessionRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(s: NewAdvisorSession, firstMessages: AdvisorMessageRecord[]): Promise<AdvisorSessionRecord> {
    await this.sql.run(insertSessionWithMessages, [
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
    ]);
    const created = await this.find(s.tenantId, s.id);
    if (!created) throw new Error(`advisor session ${s.id} was not found after its insert`);
    return created;
  }

  async find(tenantId: string, id: string, page?: AdvisorMessagePage): Promise<AdvisorSessionRecord | null> {
    const [session] = await this.sql.run(sessionById, [tenantId, id]);
    if (!session) return null;
    const messages = await this.sql.run(messagesAfter, [tenantId, id, page?.afterSeq ?? 0, page?.limit ?? null]);
    return toAdvisorSession(session, messages);
  }

  async append(tenantId: string, id: string, messages: AdvisorMessageRecord[], expiresAt: Date, maxMessages: number): Promise<AdvisorSessionRecord | null> {
    const inserted = await this.sql.run(appendMessages, [tenantId, id, messagesParam(messages), messages.length, expiresAt, maxMessages]);
    if (inserted.length === 0) return null;
    const before = Math.min(...inserted.map((row) => Number(row.seq))) - 1;
    return this.find(tenantId, id, { afterSeq: before, limit: messages.length });
  }
}
