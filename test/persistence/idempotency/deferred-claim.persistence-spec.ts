import { randomUUID } from 'node:crypto';
import { DeferredClaimOutcome, DeferredIdempotencyClaim, IdempotencyKeyTaken, IdempotencyRecordRepository, IdempotentResponseSeal } from '@hcs/domain';
import { SqlClient } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

/** The idempotency claim that rides on a step's first statement (docs/performance.md), on a real Postgres. */
describe('idempotency claim on the first statement (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let sql: SqlClient;
  let records: IdempotencyRecordRepository;
  let tenantId: string;
  let principalId: string;
  const seal = new IdempotentResponseSeal();

  beforeAll(async () => {
    tier = await startPersistenceTier();
    sql = tier.get(SqlClient);
    records = tier.get(IdempotencyRecordRepository);
    const chain = await seedChain(tier);
    tenantId = chain.tenantId;
    principalId = chain.agentId;
  });
  afterAll(() => tier.close());

  const newClaim = (key = randomUUID()) => {
    const claimed: string[] = [];
    const claim: DeferredIdempotencyClaim = {
      scope: { tenantId, principalId, route: 'POST /v1/holds', key },
      requestHash: 'hash-a',
      leaseMs: 30_000,
      retentionHours: 24,
      outcome: null,
      onClaimed: () => claimed.push(key),
    };
    return { claim, claimed };
  };
  const inStep = <T>(claim: DeferredIdempotencyClaim, work: () => Promise<T>) => seal.offering({ scope: claim.scope, render: () => null }, work, claim).result;

  it('claims the key with the first read, which keeps its rows (none, one or several)', async () => {
    const { claim, claimed } = newClaim();
    const rows = await inStep(claim, async () => {
      const first = await sql.rows<{ n: number }>('SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n', [3]);
      const none = await sql.rows<{ n: number }>('SELECT 1 AS n WHERE false', []);
      return { first, none };
    });
    expect(rows.first.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(rows.none).toEqual([]);
    await expect(claim.outcome).resolves.toBe<DeferredClaimOutcome>('claimed');
    expect(claimed).toHaveLength(1);
    await expect(records.find(claim.scope)).resolves.toMatchObject({ requestHash: 'hash-a', state: 'in_progress' });
  });

  it('claims a key whose first read finds nothing', async () => {
    const { claim } = newClaim();
    await expect(inStep(claim, () => sql.rows<{ n: number }>('SELECT 1 AS n WHERE false', []))).resolves.toEqual([]);
    await expect(claim.outcome).resolves.toBe('claimed');
  });

  it('stops the step before any write when the key is another request s', async () => {
    const key = randomUUID();
    await records.tryBegin({ tenantId, principalId, route: 'POST /v1/holds', key }, 'hash-other', 30_000, 24);
    const { claim, claimed } = newClaim(key);
    const marker = `deferred-claim-${randomUUID()}`;
    await expect(
      inStep(claim, async () => {
        await sql.rows('SELECT 1 AS n', []);
        await sql.affected('UPDATE tenants SET name = $1 WHERE id = $2', [marker, tenantId]);
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    await expect(claim.outcome).resolves.toBe('taken');
    expect(claimed).toEqual([]);
    expect(await sql.rows<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId])).not.toEqual([{ name: marker }]);
  });

  it('claims on its own, before it, when the first statement is a write', async () => {
    const { claim } = newClaim();
    const marker = `deferred-claim-${randomUUID()}`;
    const before = await sql.rows<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId]);
    await inStep(claim, () => sql.affected('UPDATE tenants SET name = $1 WHERE id = $2', [marker, tenantId]));
    await expect(claim.outcome).resolves.toBe('claimed');
    await expect(records.find(claim.scope)).resolves.toMatchObject({ state: 'in_progress' });
    await sql.affected('UPDATE tenants SET name = $1 WHERE id = $2', [before[0].name, tenantId]);
  });

  it('reports a first statement that failed as no claim made', async () => {
    const { claim } = newClaim();
    await expect(inStep(claim, () => sql.rows('SELECT no_such_column FROM tenants', []))).rejects.toThrow(/no_such_column/);
    await expect(claim.outcome).resolves.toBe('not_made');
    await expect(records.find(claim.scope)).resolves.toBeNull();
  });
});
