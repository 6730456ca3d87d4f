import type { PropertyCatalog } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import { CachedPropertyCatalogReader, PROPERTY_CACHE_ENTRIES, PROPERTY_CACHE_MS } from './cached-property-catalog.reader';
import type { CatalogChangeFeed } from './catalog-change-feed';
import { FakeCatalogChangeFeed } from './fake-catalog-change-feed';
import type { SqlPropertyCatalogReader } from './sql-property-catalog.reader';

/** The SQL reader: a fresh object per read, with a hook run while the read is in flight. */
class FakeSource {
  reads = 0;
  known = true;
  during: () => void = () => undefined;
  async read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null> {
    this.reads += 1;
    this.during();
    if (!this.known) return null;
    const id = 'id' in key ? key.id : `by-${key.slug}`;
    return { property: { tenantId, id, name: `read ${this.reads}` }, roomTypes: [], ratePlans: [], policies: [] } as unknown as PropertyCatalog;
  }
}

describe('CachedPropertyCatalogReader', () => {
  let feed: FakeCatalogChangeFeed;
  let source: FakeSource;
  const readerWith = (env: Record<string, string> = {}) =>
    new CachedPropertyCatalogReader(source as unknown as SqlPropertyCatalogReader, feed as unknown as CatalogChangeFeed, loadConfig(env));

  beforeEach(() => {
    feed = new FakeCatalogChangeFeed();
    source = new FakeSource();
  });
  afterEach(() => jest.useRealTimers());

  it('answers a second read from memory, frozen, and reads again once the tenant changes', async () => {
    const reader = readerWith();
    const first = await reader.read('t1', { id: 'p1' });
    await expect(reader.read('t1', { id: 'p1' })).resolves.toBe(first);
    expect(source.reads).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.property)).toBe(true);

    feed.change('t2');
    await expect(reader.read('t1', { id: 'p1' })).resolves.toBe(first);
    feed.change('t1');
    const after = await reader.read('t1', { id: 'p1' });

    expect(after).not.toBe(first);
    expect(after?.property.name).toBe('read 2');
  });

  it('keeps ids and slugs apart, and tenants apart', async () => {
    const reader = readerWith();
    await reader.read('t1', { id: 'p1' });
    await reader.read('t1', { slug: 'p1' });
    await reader.read('t2', { id: 'p1' });

    expect(source.reads).toBe(3);
  });

  it('does not keep a read that raced a change: the change may have come after the row was read', async () => {
    const reader = readerWith();
    source.during = () => {
      feed.change('t1');
      source.during = () => undefined;
    };
    await reader.read('t1', { id: 'p1' });
    await reader.read('t1', { id: 'p1' });
    await reader.read('t1', { id: 'p1' });

    expect(source.reads).toBe(2);
  });

  it('keeps nothing while changes cannot be heard, and never keeps an unknown property', async () => {
    const reader = readerWith();
    feed.hearing = false;
    await reader.read('t1', { id: 'p1' });
    await reader.read('t1', { id: 'p1' });
    expect(source.reads).toBe(2);

    feed.hearing = true;
    source.known = false;
    await expect(reader.read('t1', { id: 'p2' })).resolves.toBeNull();
    await expect(reader.read('t1', { id: 'p2' })).resolves.toBeNull();
    expect(source.reads).toBe(4);
  });

  it(`answers from a copy for ${PROPERTY_CACHE_MS / 1000} s at most, and no longer than the replica's allowed lag when one is configured`, async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const reader = readerWith();
    await reader.read('t1', { id: 'p1' });
    jest.setSystemTime(1_000_000 + PROPERTY_CACHE_MS - 1);
    await reader.read('t1', { id: 'p1' });
    expect(source.reads).toBe(1);
    jest.setSystemTime(1_000_000 + PROPERTY_CACHE_MS);
    await reader.read('t1', { id: 'p1' });
    expect(source.reads).toBe(2);

    const replicated = readerWith({ DATABASE_READ_URL: 'postgres://replica.invalid/db', DATABASE_READ_MAX_LAG_SECONDS: '2' });
    jest.setSystemTime(2_000_000);
    await replicated.read('t1', { id: 'p1' });
    jest.setSystemTime(2_001_999);
    await replicated.read('t1', { id: 'p1' });
    expect(source.reads).toBe(3);
    jest.setSystemTime(2_002_000);
    await replicated.read('t1', { id: 'p1' });
    expect(source.reads).toBe(4);
  });

  it(`keeps ${PROPERTY_CACHE_ENTRIES} properties at most, dropping the oldest`, async () => {
    const reader = readerWith();
    for (let i = 0; i <= PROPERTY_CACHE_ENTRIES; i += 1) await reader.read('t1', { id: `p${i}` });
    expect(source.reads).toBe(PROPERTY_CACHE_ENTRIES + 1);

    await reader.read('t1', { id: `p${PROPERTY_CACHE_ENTRIES}` });
    await reader.read('t1', { id: 'p1' });
    expect(source.reads).toBe(PROPERTY_CACHE_ENTRIES + 1);
    await reader.read('t1', { id: 'p0' });
    expect(source.reads).toBe(PROPERTY_CACHE_ENTRIES + 2);
  });
});
