import { Outcome } from '@hcs/contracts';
import type { AppConfig } from '@hcs/platform';
import type { GetPropertyFull } from '../../catalog/use-cases/get-property-full.use-case';
import { DomainError } from '../../errors/domain-error';
import { AdvisorModel } from '../ports/advisor-model';
import { AdvisorMessagePage, AdvisorSessionRepository, NewAdvisorSession } from '../ports/advisor-session.repository';
import type { AdvisorMessageRecord, AdvisorQuestion, AdvisorReply, AdvisorSessionRecord } from '../advisor.types';
import { AskAdvisor } from './ask-advisor.use-case';
import { DeterministicAdvisorModel } from '../services/deterministic-advisor.model';
import { factsOf } from '../../testing/advisor-facts.fixture';
import { GetAdvisorSession } from './get-advisor-session.use-case';
import { StartAdvisorSession } from './start-advisor-session.use-case';

class InMemorySessions extends AdvisorSessionRepository {
  readonly rows = new Map<string, AdvisorSessionRecord>();
  create(s: NewAdvisorSession, first: AdvisorMessageRecord[]): Promise<AdvisorSessionRecord> {
    const now = new Date();
    const record = { ...s, createdAt: now, updatedAt: now, messageCount: first.length, messages: first.map((m, i) => ({ ...m, seq: i + 1 })) };
    this.rows.set(s.id, record);
    return Promise.resolve(record);
  }
  find(tenantId: string, id: string, page?: AdvisorMessagePage): Promise<AdvisorSessionRecord | null> {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return Promise.resolve(null);
    const after = row.messages.filter((m) => (m.seq ?? 0) > (page?.afterSeq ?? 0));
    return Promise.resolve({ ...row, messages: page ? after.slice(0, page.limit) : row.messages });
  }
  append(tenantId: string, id: string, messages: AdvisorMessageRecord[], expiresAt: Date, maxMessages: number): Promise<AdvisorSessionRecord | null> {
    const row = this.rows.get(id)!;
    if (row.messageCount + messages.length > maxMessages) return Promise.resolve(null);
    const added = messages.map((m, i) => ({ ...m, seq: row.messageCount + i + 1 }));
    const updated = { ...row, messageCount: row.messageCount + added.length, messages: [...row.messages, ...added], expiresAt, updatedAt: new Date() };
    this.rows.set(id, updated);
    return Promise.resolve({ ...updated, messages: added });
  }
}

/** A model that says whatever it is told to: the grounding filter must still hold. */
class ScriptedModel extends AdvisorModel {
  constructor(private readonly reply: AdvisorReply) {
    super();
  }
  answer(_question: AdvisorQuestion): Promise<AdvisorReply> {
    return Promise.resolve(this.reply);
  }
}

const TENANT = '00000000-0000-4000-8000-00000000000a';
const actor = { tenantId: TENANT, principalId: '00000000-0000-4000-8000-0000000000b1', kind: 'agent' as const };
const config = { advisorSessionTtlSeconds: 60, advisorSessionMaxMessages: 5 } as AppConfig;
const property = { execute: (query: { slug: string }) => Promise.resolve(new Outcome(factsOf({ slug: query.slug }))) } as unknown as GetPropertyFull;

describe('advisor use cases (fake ports)', () => {
  let sessions: InMemorySessions;
  let sessionId: string;

  beforeEach(async () => {
    sessions = new InMemorySessions();
    sessionId = (await new StartAdvisorSession(sessions, property, config).execute({ propertySlug: 'riverside', locale: 'en' }, actor)).data.session_id;
  });

  it('appends the question and a grounded answer, and extends the lifetime', async () => {
    const before = sessions.rows.get(sessionId)!.expiresAt;
    const outcome = await new AskAdvisor(sessions, property, new DeterministicAdvisorModel(), config).execute({ sessionId, message: 'Pets allowed?' }, actor);
    // The answer carries the new messages and a cursor, not the whole session.
    expect(outcome.data.messages.map((m) => [m.role, m.message])).toEqual([
      ['user', 'Pets allowed?'],
      ['assistant', 'Pets are not allowed at Riverside.'],
    ]);
    const read = new GetAdvisorSession(sessions);
    expect((await read.execute({ sessionId }, actor)).data.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    const after = await read.execute({ sessionId, cursor: outcome.data.next_cursor }, actor);
    expect(after.data.messages).toEqual([]);
    expect(after.data.next_cursor).toBe(outcome.data.next_cursor);
    expect(sessions.rows.get(sessionId)!.expiresAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(outcome.meta.expires_at).toBe(sessions.rows.get(sessionId)!.expiresAt.toISOString());
  });

  it('replaces any model answer that states a price or a date with the pointer to a quote', async () => {
    const liar = new ScriptedModel({ message: 'A double is 120 EUR on 2027-05-01.', groundedFacts: ['room_types'], suggestions: [] });
    const outcome = await new AskAdvisor(sessions, property, liar, config).execute({ sessionId, message: 'How much?' }, actor);
    const answer = outcome.data.messages[1];
    expect(answer.message).toMatch(/^I cannot state prices/);
    expect(answer.grounded_facts).toEqual([]);
    expect(answer.suggestions.map((s) => s.href)).toEqual(['/v1/search', '/v1/quotes']);
  });

  it('refuses another principal or tenant with not found, and an expired session with advisor_session_expired', async () => {
    const ask = new AskAdvisor(sessions, property, new DeterministicAdvisorModel(), config);
    const read = new GetAdvisorSession(sessions);
    for (const outsider of [
      { ...actor, principalId: '00000000-0000-4000-8000-0000000000b2' },
      { ...actor, tenantId: '00000000-0000-4000-8000-00000000000c' },
    ]) {
      await expect(ask.execute({ sessionId, message: 'hi' }, outsider)).rejects.toMatchObject({ code: 'advisor_session_not_found' });
      await expect(read.execute({ sessionId }, outsider)).rejects.toBeInstanceOf(DomainError);
    }
    sessions.rows.get(sessionId)!.expiresAt = new Date(Date.now() - 1);
    await expect(read.execute({ sessionId }, actor)).rejects.toMatchObject({ code: 'advisor_session_expired' });
    expect(sessions.rows.get(sessionId)!.messages).toHaveLength(1);
  });

  it('refuses a question that would take the session past ADVISOR_SESSION_MAX_MESSAGES, before asking the model', async () => {
    const answer = jest.fn(() => Promise.resolve({ message: 'Yes.', groundedFacts: [], suggestions: [] }));
    const model = Object.assign(new ScriptedModel({ message: '', groundedFacts: [], suggestions: [] }), { answer });
    const ask = new AskAdvisor(sessions, property, model, config);
    await ask.execute({ sessionId, message: 'one' }, actor);
    await ask.execute({ sessionId, message: 'two' }, actor);
    expect(answer).toHaveBeenCalledTimes(2);
    await expect(ask.execute({ sessionId, message: 'three' }, actor)).rejects.toMatchObject({ code: 'advisor_session_full', detail: { max_messages: 5 } });
    expect(answer).toHaveBeenCalledTimes(2);
    expect(sessions.rows.get(sessionId)!.messageCount).toBe(5);
  });

  it('pages a session with limit and cursor', async () => {
    const ask = new AskAdvisor(sessions, property, new DeterministicAdvisorModel(), config);
    await ask.execute({ sessionId, message: 'Pets allowed?' }, actor);
    const read = new GetAdvisorSession(sessions);
    const first = await read.execute({ sessionId, limit: 2 }, actor);
    expect(first.data.messages).toHaveLength(2);
    const rest = await read.execute({ sessionId, cursor: first.data.next_cursor }, actor);
    expect(rest.data.messages.map((m) => m.message)).toEqual(['Pets are not allowed at Riverside.']);
    await expect(read.execute({ sessionId, cursor: 'bogus' }, actor)).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
