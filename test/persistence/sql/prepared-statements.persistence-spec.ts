import { randomUUID } from 'node:crypto';
import { SqlClient } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';

/**
 * Texts a process sends again are prepared once per connection (docs/performance.md, "Prepared
 * statements"), on a real Postgres. Sequential statements reuse the pool's most recently released
 * connection, so `pg_prepared_statements` read right after shows that connection's statements.
 */
describe('prepared statements (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let sql: SqlClient;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    sql = tier.get(SqlClient);
  });
  afterAll(() => tier.close());

  const preparedTexts = async () =>
    (await sql.rows<{ statement: string }>(`SELECT statement FROM pg_prepared_statements /* ${randomUUID()} */`, [])).map((r) => r.statement);

  it('prepares a composed text the second time it runs, and answers the same rows from then on', async () => {
    const text = `SELECT n, $1::text AS tag FROM generate_series(1, $2::int) AS n ORDER BY n /* ${randomUUID()} */`;
    const first = await sql.rows<{ n: number; tag: string }>(text, ['a', 2]);
    expect(await preparedTexts()).not.toContain(text);
    const second = await sql.rows<{ n: number; tag: string }>(text, ['b', 3]);
    const third = await sql.rows<{ n: number; tag: string }>(text, ['c', 1]);
    expect(await preparedTexts()).toContain(text);
    expect(first).toEqual([
      { n: 1, tag: 'a' },
      { n: 2, tag: 'a' },
    ]);
    expect(second).toEqual([
      { n: 1, tag: 'b' },
      { n: 2, tag: 'b' },
      { n: 3, tag: 'b' },
    ]);
    expect(third).toEqual([{ n: 1, tag: 'c' }]);
  });

  it('keeps a prepared write atomic and its refusals the database s own', async () => {
    const text = `SELECT 1 / $1::int AS q /* ${randomUUID()} */`;
    for (const divisor of [1, 2, 1]) await sql.rows(text, [divisor]);
    expect(await preparedTexts()).toContain(text);
    await expect(sql.rows(text, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(sql.rows<{ q: number }>(text, [1])).resolves.toEqual([{ q: 1 }]);
  });

  it('names nothing with DATABASE_POOL_MODE=transaction (a pooler hands each statement any server connection)', async () => {
    const pooled = await startPersistenceTier({ env: { DATABASE_POOL_MODE: 'transaction' } });
    try {
      const client = pooled.get(SqlClient);
      const text = `SELECT $1::int + 1 AS n /* ${randomUUID()} */`;
      for (const n of [1, 2, 3, 4]) await expect(client.rows<{ n: number }>(text, [n])).resolves.toEqual([{ n: n + 1 }]);
      const prepared = await client.rows<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements /* ${randomUUID()} */`, []);
      expect(prepared).toEqual([{ n: 0 }]);
    } finally {
      await pooled.close();
    }
  });
});
