import { Client } from 'pg';
import { PostgresReplicaPair, startPostgresReplica } from '../../support/postgres-replica';

/** The test-owned primary + streaming replica (test/support/postgres-replica.ts) really replicate. */
describe('Postgres primary with a streaming replica of the test’s own', () => {
  let pair: PostgresReplicaPair;

  beforeAll(async () => {
    pair = await startPostgresReplica({ database: 'hcs_test_replica_support' });
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  }, 60_000);

  async function one<T>(url: string, sql: string, params: unknown[] = []): Promise<T> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows[0] as T;
    } finally {
      await client.end();
    }
  }

  it('migrates the primary, streams to a replica in recovery, and counts statements per server', async () => {
    expect(pair.primaryPort).not.toBe(5432);
    expect(await one<{ r: boolean }>(pair.primaryUrl, 'SELECT pg_is_in_recovery() AS r')).toEqual({ r: false });
    expect(await one<{ r: boolean }>(pair.replicaUrl, 'SELECT pg_is_in_recovery() AS r')).toEqual({ r: true });
    const migrated = await one<{ n: number }>(pair.replicaUrl, 'SELECT count(*)::int AS n FROM schema_migrations');
    expect(migrated.n).toBeGreaterThan(0);

    await one(pair.primaryUrl, 'CREATE TABLE replica_probe (id int PRIMARY KEY)');
    await one(pair.primaryUrl, 'INSERT INTO replica_probe VALUES (42)');
    await pair.waitForCatchUp();
    await pair.resetStatements();
    expect(await one(pair.replicaUrl, 'SELECT id FROM replica_probe')).toEqual({ id: 42 });
    expect(await pair.statementCalls('replica', '%replica_probe%')).toBe(1);
    expect(await pair.statementCalls('primary', '%replica_probe%')).toBe(0);
    await expect(one(pair.replicaUrl, 'INSERT INTO replica_probe VALUES (43)')).rejects.toThrow(/read-only/);
  });

  it('stops and starts the replica on the same port', async () => {
    await pair.stopReplica();
    await expect(one(pair.replicaUrl, 'SELECT 1')).rejects.toThrow();
    await pair.startReplica();
    expect(await one(pair.replicaUrl, 'SELECT 1 AS one')).toEqual({ one: 1 });
  });
});
