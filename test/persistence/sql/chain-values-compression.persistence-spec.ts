import { randomUUID } from 'node:crypto';
import { IdempotencyRecordRepository } from '@hcs/domain';
import { LZ4_COLUMNS } from '../../../migrations/1764450000000-ChainValuesLz4';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

/** Migration 1764450000000 (docs/performance.md, "The chain's large JSON values in lz4"): the chain's large JSON values in lz4. */
describe('chain values compressed with lz4 (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;

  beforeAll(async () => {
    tier = await startPersistenceTier();
  });
  afterAll(() => tier.close());

  it('sets lz4 on every listed column', async () => {
    const rows = await tier.query<{ column: string; compression: string }>(
      `SELECT c.relname || '.' || a.attname AS column, a.attcompression AS compression
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'public'::regnamespace AND (c.relname, a.attname) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [LZ4_COLUMNS.map(([table]) => table), LZ4_COLUMNS.map(([, column]) => column)],
    );
    expect(rows.sort((a, b) => a.column.localeCompare(b.column))).toEqual(
      LZ4_COLUMNS.map(([table, column]) => ({ column: `${table}.${column}`, compression: 'l' })).sort((a, b) => a.column.localeCompare(b.column)),
    );
  });

  it('writes a stored answer past the 2 KB threshold with lz4 and reads it back whole', async () => {
    const chain = await seedChain(tier);
    const records = tier.get(IdempotencyRecordRepository);
    const scope = { tenantId: chain.tenantId, principalId: chain.agentId, route: 'POST /v1/bookings', key: randomUUID() };
    const body = {
      data: { nights: Array.from({ length: 100 }, (_, i) => ({ night: `2099-01-${String((i % 28) + 1).padStart(2, '0')}`, amount: 10_000 + i })) },
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(2500);

    await records.tryBegin(scope, 'hash', 30_000, 24);
    await records.complete(scope, { status: 201, body });

    const [row] = await tier.query<{ compression: string | null }>(
      `SELECT pg_column_compression(response_body) AS compression FROM idempotency_records WHERE tenant_id = $1 AND idempotency_key = $2`,
      [chain.tenantId, scope.key],
    );
    expect(row.compression).toBe('lz4');
    await expect(records.find(scope)).resolves.toMatchObject({ state: 'completed', response: { status: 201, body } });
  });
});
