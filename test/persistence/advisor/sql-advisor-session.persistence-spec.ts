import { randomUUID } from 'node:crypto';
import { AdvisorSessionRepository, TenantRepository, type AdvisorMessageRecord, type NewAdvisorSession } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';

describe('advisor sessions (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let sessions: AdvisorSessionRepository;
  let tenantId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    sessions = tier.get(AdvisorSessionRepository);
    tenantId = (await tier.get(TenantRepository).create(`advisor ${randomUUID()}`)).id;
  });
  afterAll(() => tier.close());

  const session = (): NewAdvisorSession => ({
    id: randomUUID(),
    tenantId,
    principalId: randomUUID(),
    propertyId: randomUUID(),
    propertySlug: 'hotel-tier',
    propertyName: 'Hotel Tier',
    locale: 'pt',
    requestedLocale: 'pt-BR',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const message = (role: 'user' | 'assistant', text: string): AdvisorMessageRecord => ({
    id: randomUUID(),
    role,
    message: text,
    groundedFacts: role === 'assistant' ? ['checkin_time'] : [],
    suggestions: role === 'assistant' ? [{ label: 'Book a room', href: '/v1/properties/hotel-tier' }] : [],
    createdAt: new Date(),
  });

  it('creates a session with its first messages numbered from 1 and reads it back', async () => {
    const s = session();
    const welcome = message('assistant', 'Bem-vindo');
    const created = await sessions.create(s, [welcome]);

    expect(created).toMatchObject({ id: s.id, tenantId, locale: 'pt', requestedLocale: 'pt-BR', propertySlug: 'hotel-tier', messageCount: 1 });
    expect(created.messages).toEqual([{ ...welcome, seq: 1 }]);
    await expect(sessions.find(randomUUID(), s.id)).resolves.toBeNull();
  });

  it('appends in order up to the cap, pages the messages, and writes nothing past the cap', async () => {
    const s = session();
    await sessions.create(s, [message('assistant', 'hello')]);
    const later = new Date(Date.now() + 7_200_000);

    const appended = await sessions.append(tenantId, s.id, [message('user', 'q1'), message('assistant', 'a1')], later, 3);
    expect(appended!.messages.map((m) => [m.seq, m.message])).toEqual([
      [2, 'q1'],
      [3, 'a1'],
    ]);
    expect(appended).toMatchObject({ messageCount: 3, expiresAt: later });

    await expect(sessions.append(tenantId, s.id, [message('user', 'q2')], later, 3)).resolves.toBeNull();
    const page = await sessions.find(tenantId, s.id, { afterSeq: 1, limit: 1 });
    expect(page!.messages.map((m) => m.message)).toEqual(['q1']);
    expect((await sessions.find(tenantId, s.id))!.messages).toHaveLength(3);
  });
});
