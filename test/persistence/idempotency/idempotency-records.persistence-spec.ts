import { randomUUID } from 'node:crypto';
import { IdempotencyRecordRepository, type IdempotencyScope } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

describe('idempotency records (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let records: IdempotencyRecordRepository;
  let tenantId: string;
  let principalId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    records = tier.get(IdempotencyRecordRepository);
    const chain = await seedChain(tier);
    tenantId = chain.tenantId;
    principalId = chain.agentId;
  });
  afterAll(() => tier.close());

  const scope = (): IdempotencyScope => ({ tenantId, principalId, route: 'POST /v1/holds', key: randomUUID() });

  it('begins a key once, keeps the completed response, and answers it on find', async () => {
    const s = scope();

    await expect(records.tryBegin(s, 'hash-a', 30_000, 24)).resolves.toBe(true);
    await expect(records.tryBegin(s, 'hash-a', 30_000, 24)).resolves.toBe(false);
    await expect(records.find(s)).resolves.toEqual({ requestHash: 'hash-a', state: 'in_progress', response: null, leaseExpired: false, expired: false });

    await records.complete(s, { status: 201, body: { data: { id: 'h1' } } });

    await expect(records.find(s)).resolves.toEqual({
      requestHash: 'hash-a',
      state: 'completed',
      response: { status: 201, body: { data: { id: 'h1' } } },
      leaseExpired: false,
      expired: false,
    });
  });

  it('lets a runner take over only an expired lease of the same request', async () => {
    const s = scope();
    await records.tryBegin(s, 'hash-a', 1, 24);
    await new Promise((resolve) => setTimeout(resolve, 20));

    await expect(records.find(s)).resolves.toMatchObject({ leaseExpired: true });
    await expect(records.takeOver(s, 'hash-other', 30_000)).resolves.toBe(false);
    await expect(records.takeOver(s, 'hash-a', 30_000)).resolves.toBe(true);
    await expect(records.takeOver(s, 'hash-a', 30_000)).resolves.toBe(false);
  });

  it('abandons an in-progress key so it can begin again, but never a completed one', async () => {
    const open = scope();
    await records.tryBegin(open, 'hash-a', 30_000, 24);
    await records.abandon(open);
    await expect(records.find(open)).resolves.toBeNull();
    await expect(records.tryBegin(open, 'hash-b', 30_000, 24)).resolves.toBe(true);

    const done = scope();
    await records.tryBegin(done, 'hash-a', 30_000, 24);
    await records.complete(done, { status: 200, body: {} });
    await records.abandon(done);
    await expect(records.find(done)).resolves.toMatchObject({ state: 'completed' });
  });

  it('purges expired records, oldest first, up to the limit', async () => {
    const expired = [scope(), scope(), scope()];
    for (const s of expired) await records.tryBegin(s, 'hash-a', 30_000, 24);
    const keep = scope();
    await records.tryBegin(keep, 'hash-a', 30_000, 24);
    await tier.query(`UPDATE idempotency_records SET expires_at = now() - interval '1 hour' WHERE idempotency_key = ANY($1)`, [expired.map((s) => s.key)]);

    await expect(records.find(expired[0])).resolves.toMatchObject({ expired: true });
    await expect(records.purgeExpired(2)).resolves.toBe(2);
    await expect(records.purgeExpired(10)).resolves.toBeGreaterThanOrEqual(1);
    for (const s of expired) await expect(records.find(s)).resolves.toBeNull();
    await expect(records.find(keep)).resolves.toMatchObject({ state: 'in_progress' });
  });
});
