import { randomUUID } from 'node:crypto';
import { PolicyRepository, PropertyCatalogReader, PropertyRepository } from '@hcs/domain';
import { CATALOG_CHANNEL, CatalogChangeFeed, SqlPropertyCatalogReader } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

describe('SqlPropertyCatalogReader (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reader: PropertyCatalogReader;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    reader = tier.get(SqlPropertyCatalogReader);
    chain = await seedChain(tier);
  });
  afterAll(() => tier.close());

  it('reads a property with its room types, rate plans and policies, by id and by slug alike', async () => {
    const byId = await reader.read(chain.tenantId, { id: chain.property.id });

    expect(byId).toEqual({ property: chain.property, roomTypes: [chain.roomType], ratePlans: [chain.ratePlan], policies: [chain.policy] });
    await expect(reader.read(chain.tenantId, { slug: chain.property.slug })).resolves.toEqual(byId);
  });

  it('lists every policy version of the property', async () => {
    const v2 = await tier.get(PolicyRepository).createVersion(chain.tenantId, chain.property.id, 'flex', '2', {
      cancellationKind: 'non_refundable',
      freeCancellationHoursBeforeCheckin: 0,
      cancellationFeePctAfterCutoff: 100,
      childPolicyText: 'Children stay free.',
    });

    const read = await reader.read(chain.tenantId, { id: chain.property.id });

    expect(read?.policies.map((p) => p.id).sort()).toEqual([chain.policy.id, v2.id].sort());
  });

  it('answers null for another tenant and for an unknown property', async () => {
    const other = await seedChain(tier);

    await expect(reader.read(other.tenantId, { id: chain.property.id })).resolves.toBeNull();
    await expect(reader.read(other.tenantId, { slug: chain.property.slug })).resolves.toBeNull();
    await expect(reader.read(chain.tenantId, { id: randomUUID() })).resolves.toBeNull();
  });
});

describe('CachedPropertyCatalogReader: the property read in memory (real Postgres, LISTEN)', () => {
  let tier: PersistenceTier;
  let reader: PropertyCatalogReader;
  let feed: CatalogChangeFeed;
  let chain: SeededChain;
  const until = async (condition: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 250 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await condition()).toBe(true);
  };
  // Other test files listen on the same database at the same time: this file's connections carry
  // their own application_name (node-postgres reads PGAPPNAME), so the listener killed is its own.
  const appName = `hcs-catalog-feed-${randomUUID().slice(0, 8)}`;
  const appNameBefore = process.env.PGAPPNAME;
  const listenerPids = () =>
    tier.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query = 'LISTEN ${CATALOG_CHANNEL}'`,
      [appName],
    );

  beforeAll(async () => {
    process.env.PGAPPNAME = appName;
    tier = await startPersistenceTier();
    reader = tier.get(PropertyCatalogReader);
    feed = tier.get(CatalogChangeFeed);
    chain = await seedChain(tier);
    feed.versionOf(chain.tenantId);
    await until(() => feed.versionOf(chain.tenantId) !== null);
  });
  afterAll(async () => {
    await tier.close();
    if (appNameBefore === undefined) delete process.env.PGAPPNAME;
    else process.env.PGAPPNAME = appNameBefore;
  });

  it("keeps what it read, by id and by slug, until the tenant's catalog changes", async () => {
    const first = await reader.read(chain.tenantId, { id: chain.property.id });
    await expect(reader.read(chain.tenantId, { id: chain.property.id })).resolves.toBe(first);
    const bySlug = await reader.read(chain.tenantId, { slug: chain.property.slug });
    await expect(reader.read(chain.tenantId, { slug: chain.property.slug })).resolves.toBe(bySlug);
    expect(Object.isFrozen(first?.property)).toBe(true);

    // Another tenant's change leaves the copy alone.
    const other = await seedChain(tier);
    await until(async () => (await reader.read(chain.tenantId, { id: chain.property.id })) === first);
    expect(other.tenantId).not.toBe(chain.tenantId);
  });

  it("sees this process's own change as soon as it commits", async () => {
    const kept = await reader.read(chain.tenantId, { id: chain.property.id });
    await tier.get(PropertyRepository).update(chain.tenantId, chain.property.id, { name: 'Renamed here' });

    const read = await reader.read(chain.tenantId, { id: chain.property.id });

    expect(read).not.toBe(kept);
    expect(read?.property.name).toBe('Renamed here');
  });

  it('hears a change written anywhere else (a rate plan in plain SQL) through Postgres', async () => {
    const kept = await reader.read(chain.tenantId, { id: chain.property.id });
    await tier.query(`UPDATE rate_plans SET name = 'Renamed in SQL' WHERE tenant_id = $1 AND id = $2`, [chain.tenantId, chain.ratePlan.id]);

    await until(async () => (await reader.read(chain.tenantId, { id: chain.property.id }))?.ratePlans[0].name === 'Renamed in SQL');
    expect(kept?.ratePlans[0].name).not.toBe('Renamed in SQL');
  });

  it('keeps nothing while its listening connection is lost, and listens again', async () => {
    await reader.read(chain.tenantId, { id: chain.property.id });
    const listeners = await listenerPids();
    expect(listeners).toHaveLength(1);
    const [listener] = listeners;
    await tier.query('SELECT pg_terminate_backend($1)', [listener.pid]);
    await until(() => feed.versionOf(chain.tenantId) === null);

    const a = await reader.read(chain.tenantId, { id: chain.property.id });
    const b = await reader.read(chain.tenantId, { id: chain.property.id });
    expect(b).not.toBe(a);

    await until(() => feed.versionOf(chain.tenantId) !== null);
    const c = await reader.read(chain.tenantId, { id: chain.property.id });
    await expect(reader.read(chain.tenantId, { id: chain.property.id })).resolves.toBe(c);
  });
});
