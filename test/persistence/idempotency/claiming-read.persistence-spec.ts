import { randomUUID } from 'node:crypto';
import { IdempotencyKeyTaken, IdempotencyRecordRepository, IdempotentRequest, KeyClaim } from '@hcs/domain';
import { readClaimingKey, SqlClient, statement } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

/** A use case's first read carrying the request's key claim (docs/booking-chain.md "Idempotency inside the chain's statements"), on a real Postgres. */
describe('readClaimingKey (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let sql: SqlClient;
  let records: IdempotencyRecordRepository;
  let tenantId: string;
  let principalId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    sql = tier.get(SqlClient);
    records = tier.get(IdempotencyRecordRepository);
    const chain = await seedChain(tier);
    tenantId = chain.tenantId;
    principalId = chain.agentId;
  });
  afterAll(() => tier.close());

  const series = statement<[n: number], { n: number }>('SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n');
  const nothing = statement<[], { n: number }>('SELECT 1 AS n WHERE false');
  const pending = (key = randomUUID()) => {
    const claimed: string[] = [];
    const claim: KeyClaim = { scope: { tenantId, principalId, route: 'POST /v1/holds', key }, requestHash: 'hash-a', leaseMs: 30_000, retentionHours: 24 };
    const request = IdempotentRequest.claimedByFirstRead(
      claim,
      () => null,
      () => claimed.push(key),
    );
    return { claim, request, claimed };
  };

  it('claims the key with the read, which keeps its rows; the next read carries no claim', async () => {
    const { claim, request, claimed } = pending();
    const rows = await readClaimingKey(sql, series, [3], request);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(request.claimOutcome).toBe('claimed');
    expect(claimed).toHaveLength(1);
    await expect(records.find(claim.scope)).resolves.toMatchObject({ requestHash: 'hash-a', state: 'in_progress' });
    await expect(readClaimingKey(sql, series, [2], request)).resolves.toEqual([{ n: 1 }, { n: 2 }]);
    expect(claimed).toHaveLength(1);
  });

  it('claims a key whose read finds nothing', async () => {
    const { request } = pending();
    await expect(readClaimingKey(sql, nothing, [], request)).resolves.toEqual([]);
    expect(request.claimOutcome).toBe('claimed');
  });

  it("stops the use case when the key is another request's", async () => {
    const key = randomUUID();
    await records.tryBegin({ tenantId, principalId, route: 'POST /v1/holds', key }, 'hash-other', 30_000, 24);
    const { request, claimed } = pending(key);
    await expect(readClaimingKey(sql, series, [1], request)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    expect(request.claimOutcome).toBe('taken');
    expect(claimed).toEqual([]);
  });

  it('is the plain read for a request whose key the layer already claimed, or without a request', async () => {
    const { claim } = pending();
    await expect(
      readClaimingKey(
        sql,
        series,
        [2],
        IdempotentRequest.claimed(claim, () => null),
      ),
    ).resolves.toEqual([{ n: 1 }, { n: 2 }]);
    await expect(readClaimingKey(sql, series, [1], null)).resolves.toEqual([{ n: 1 }]);
    await expect(records.find(claim.scope)).resolves.toBeNull();
  });

  it('reports a read that failed as no claim made', async () => {
    const { claim, request } = pending();
    const broken = statement<[], { n: number }>('SELECT no_such_column FROM tenants');
    await expect(readClaimingKey(sql, broken, [], request)).rejects.toThrow(/no_such_column/);
    expect(request.claimOutcome).toBe('not_made');
    expect(request.pendingClaim).toBeNull();
    await expect(records.find(claim.scope)).resolves.toBeNull();
  });
});
