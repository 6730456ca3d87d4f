import { Client } from 'pg';
import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, PropertyFixture, TestAgent } from '../../support/catalog-fixtures';
import { distEntry, eventually, freePort, runNode } from '../../support/processes';
import { PostgresReplicaPair, startPostgresReplica } from '../../support/postgres-replica';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * DATABASE_READ_URL against a real primary and streaming replica of the test's own
 * (docs/scaling.md "Read replica"): lag-tolerant reads reach the replica (statement counts from
 * pg_stat_statements on each server), the booking chain stays on the primary, and a stopped or
 * lagging replica sends the reads back to the primary with `/readyz` degraded, never down.
 */
describe('Read replica (DATABASE_READ_URL)', () => {
  let pair: PostgresReplicaPair;
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  let property: PropertyFixture;
  let bearer: { authorization: string };
  let admin: { authorization: string };
  const stay = { check_in: daysFromNow(30), check_out: daysFromNow(32) };

  beforeAll(async () => {
    pair = await startPostgresReplica({ database: 'hcs_test_read_replica' });
    // A short lag budget so that pausing replay shows the fallback quickly.
    t = await startTestApp({ DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: pair.replicaUrl, DATABASE_READ_MAX_LAG_SECONDS: '1' });
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant.tenantId);
    bearer = { authorization: `Bearer ${agent.apiKey}` };
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    property = await createProperty(t, tenant.adminKey, { city: 'Lisbon' });
    await pair.waitForCatchUp();
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await pair?.stop();
  }, 60_000);

  async function onReplica(sql: string): Promise<void> {
    const client = new Client({ connectionString: pair.replicaUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  const readiness = async () =>
    (await t.http().get('/readyz')).body.data as { status: string; dependencies: Record<string, { state: string; message?: string }> };
  const replicaState = async () => (await readiness()).dependencies.postgres_replica?.state;
  const quote = () =>
    t
      .http()
      .post('/v1/quotes')
      .set(bearer)
      .send({
        hotel_id: property.id,
        room_type_id: property.roomTypes[0].id,
        rate_plan_id: property.roomTypes[0].ratePlans[0].id,
        stay,
        guests: { adults: 2 },
      });

  it('answers property reads, search and admin lists from the replica; readiness says ok', async () => {
    expect(await replicaState()).toBe('ok');
    const routes: Array<[string, () => Promise<{ status: number; body: { data?: unknown } }>]> = [
      ['GET /v1/properties/{id}', () => t.http().get(`/v1/properties/${property.id}`).set(bearer)],
      ['GET /v1/properties', () => t.http().get('/v1/properties').set(bearer)],
      [
        'POST /v1/search',
        () =>
          t
            .http()
            .post('/v1/search')
            .set(bearer)
            .send({ destination: { type: 'area', value: 'Lisbon' }, stay, guests: { adults: 2 } }),
      ],
      ['GET /v1/admin/properties', () => t.http().get('/v1/admin/properties').set(admin)],
      ['GET /v1/admin/bookings', () => t.http().get('/v1/admin/bookings').set(admin)],
    ];
    for (const [route, call] of routes) {
      await pair.resetStatements();
      const res = await call();
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      const onReplica = await pair.statementCalls('replica', '%');
      expect({ route, onReplica: onReplica > 0 }).toEqual({ route, onReplica: true });
      // Authentication reads on the primary (a revoked key must stop at once); the catalog does not.
      expect({ route, catalogOnPrimary: await pair.statementCalls('primary', '%properties%') }).toEqual({ route, catalogOnPrimary: 0 });
      expect({ route, authOnReplica: await pair.statementCalls('replica', '%credentials%') }).toEqual({ route, authOnReplica: 0 });
    }
  });

  it('keeps the booking chain on the primary', async () => {
    await pair.resetStatements();
    const q = await quote();
    expect(q.status).toBe(201);
    const h = await t.http().post('/v1/holds').set(bearer).send({ quote_id: q.body.data.quote_id });
    expect(h.status).toBe(201);
    expect(await pair.statementCalls('primary', '%rate_plans%')).toBeGreaterThan(0);
    expect(await pair.statementCalls('replica', '%')).toBe(0);
  });

  it('reads a property created by the same admin flow right away (writes and what follows stay on the primary)', async () => {
    await pair.resetStatements();
    const created = await createProperty(t, tenant.adminKey, { city: 'Porto' });
    // Straight after its creation: the admin routes that wrote it read on the primary.
    const fetched = await t.http().get(`/v1/admin/properties/${created.id}`).set(admin);
    expect(fetched.status).toBe(200);
    expect(await pair.statementCalls('replica', '%')).toBe(0);
  });

  it('falls back to the primary while replay is paused past the lag budget, and returns when it resumes', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      await createProperty(t, tenant.adminKey, { city: 'Faro' });
      expect(await eventually(replicaState, (s) => s === 'degraded', 10_000, 200)).toBe('degraded');
      const ready = await t.http().get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.data.status).toBe('degraded');
      expect(ready.body.data.dependencies.postgres_replica).toEqual({ state: 'degraded' });
      await pair.resetStatements();
      // The list, not the property read: that one may answer from memory (docs/catalog.md).
      const read = await t.http().get('/v1/properties').set(bearer);
      expect(read.status).toBe(200);
      expect(await pair.statementCalls('replica', '%properties%')).toBe(0);
      expect(await pair.statementCalls('primary', '%properties%')).toBeGreaterThan(0);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    expect(await eventually(replicaState, (s) => s === 'ok', 10_000, 200)).toBe('ok');
  });

  it('falls back to the primary when the replica stops, says degraded (never down, no address), and returns when it starts', async () => {
    await pair.stopReplica();
    try {
      // Straight away, before any health check noticed: the failed replica read is answered by the primary.
      for (let i = 0; i < 3; i += 1) {
        const read = await t.http().get(`/v1/properties/${property.id}`).set(bearer);
        expect(read.status).toBe(200);
        expect(read.body.data.id).toBe(property.id);
      }
      const search = await t
        .http()
        .post('/v1/search')
        .set(bearer)
        .send({ destination: { type: 'area', value: 'Lisbon' }, stay, guests: { adults: 2 } });
      expect(search.status).toBe(200);
      expect(await eventually(replicaState, (s) => s === 'degraded', 10_000, 200)).toBe('degraded');
      const ready = await t.http().get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.data.status).toBe('degraded');
      expect(ready.body.data.dependencies.postgres.state).toBe('ok');
      expect(JSON.stringify(ready.body)).not.toContain(String(pair.replicaPort));
      expect(JSON.stringify(ready.body)).not.toContain('127.0.0.1');
      // The chain goes on.
      expect((await quote()).status).toBe(201);
    } finally {
      await pair.startReplica();
    }
    expect(await eventually(replicaState, (s) => s === 'ok', 15_000, 200)).toBe('ok');
    await pair.waitForCatchUp();
    await pair.resetStatements();
    // The list, not the property read: that one may answer from memory (docs/catalog.md).
    expect((await t.http().get('/v1/properties').set(bearer)).status).toBe(200);
    expect(await pair.statementCalls('replica', '%properties%')).toBeGreaterThan(0);
  });
});

describe('DATABASE_READ_URL at boot', () => {
  let pair: PostgresReplicaPair;

  beforeAll(async () => {
    distEntry('api');
    pair = await startPostgresReplica({ database: 'hcs_test_read_replica_boot' });
  }, 180_000);

  afterAll(async () => {
    await pair?.stop();
  }, 60_000);

  it('refuses a URL that is the primary, naming the variable (the built api exits with the message)', async () => {
    const port = await freePort();
    const { child, done } = runNode('dist/apps/api/src/main.js', [], { DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: pair.primaryUrl, PORT: String(port) });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const finished = await done;
    clearTimeout(timer);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toMatch(/DATABASE_READ_URL: the server is not in recovery/);
    expect(finished.stderr).not.toMatch(/\n\s+at /);
  });

  it('boots without hanging when the replica does not answer, reading from the primary and degraded', async () => {
    const started = Date.now();
    const t = await startTestApp({ DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${await freePort()}/nowhere_test` });
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      const ready = await t.http().get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.data.dependencies.postgres_replica).toEqual({ state: 'degraded' });
      const tenant = await createTenant(t.app);
      const list = await t
        .http()
        .get('/v1/admin/properties')
        .set({ authorization: `Bearer ${tenant.adminKey}` });
      expect(list.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
