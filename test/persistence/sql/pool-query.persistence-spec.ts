import { Pool } from 'pg';
import { queryOnPool } from '../../../libs/persistence/src/sql/pool-query';
import { TEST_DATABASE_URL } from '../../support/test-database';

/** A pool of one connection: which backend answers tells whether the connection was kept. */
describe('queryOnPool (real Postgres)', () => {
  let pool: Pool;
  const backend = async () => (await queryOnPool<{ pid: number }>(pool, { text: 'SELECT pg_backend_pid() AS pid' })).rows[0].pid;

  beforeEach(() => {
    pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    pool.on('error', () => undefined);
  });
  afterEach(() => pool.end());

  it('keeps the connection after a statement the server refuses, which still fails', async () => {
    const before = await backend();
    await expect(queryOnPool(pool, { text: 'SELECT 1 / 0' })).rejects.toMatchObject({ code: '22012' });
    await expect(queryOnPool(pool, { text: `SELECT 'x'::uuid` })).rejects.toMatchObject({ code: '22P02' });
    // A prepared statement refused at execution stays prepared on the kept connection.
    const divide = (by: number) => queryOnPool<{ q: number }>(pool, { name: 'pool_query_divide', text: 'SELECT 6 / $1::int AS q', values: [by] });
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
    await expect(divide(2)).resolves.toMatchObject({ rows: [{ q: 3 }] });
    expect(await backend()).toBe(before);
    expect(pool.totalCount).toBe(1);
  });

  it('drops a connection the server ended, and the next statement gets a new one', async () => {
    const before = await backend();
    await expect(queryOnPool(pool, { text: 'SELECT pg_terminate_backend(pg_backend_pid())' })).rejects.toMatchObject({ code: '57P01' });
    const after = await backend();
    expect(after).not.toBe(before);
  });
});
