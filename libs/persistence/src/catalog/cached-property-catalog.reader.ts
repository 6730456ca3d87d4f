import { Injectable } from '@nestjs/common';
import { frozen } from '@hcs/contracts';
import { PropertyCatalog, PropertyCatalogReader } from '@hcs/domain';
import { AppConfig, TtlCache } from '@hcs/platform';
import { CatalogChangeFeed, CatalogVersion } from './catalog-change-feed';
import { SqlPropertyCatalogReader } from './sql-property-catalog.reader';

/** At most this many properties kept per process (a few KB each); the oldest go first. */
export const PROPERTY_CACHE_ENTRIES = 2_000;
/** The longest a kept property answers, even with every change heard: a bound on what an unnoticed dead listener could cost. */
export const PROPERTY_CACHE_MS = 60_000;

/**
 * How long a kept copy of the catalog answers: PROPERTY_CACHE_MS, and no longer than a configured
 * read replica's allowed lag (a copy read from the replica after a change was heard may predate it).
 */
export function catalogCopyMs(config: AppConfig): number {
  return config.databaseReadUrl ? Math.min(PROPERTY_CACHE_MS, config.databaseReadMaxLagSeconds * 1000) : PROPERTY_CACHE_MS;
}

interface Kept {
  catalog: PropertyCatalog;
  version: CatalogVersion;
}

/**
 * The property read from memory (docs/catalog.md, "The property read in memory"): each api
 * process keeps the properties it has read, by tenant and id or slug, and answers from them until
 * the tenant's catalog version moves (`CatalogChangeFeed`: any committed change, from anywhere,
 * heard through Postgres). A read that raced a change is not kept; nothing is kept while changes
 * cannot be heard; unknown properties are never kept. With a read replica configured a kept copy
 * answers no longer than `DATABASE_READ_MAX_LAG_SECONDS`, as the replica itself may lag: a copy
 * read from it after a change was heard may predate the change.
 *
 * What is kept is frozen: the domain reads it and never writes it.
 */
@Injectable()
export class CachedPropertyCatalogReader extends PropertyCatalogReader {
  private readonly kept = new TtlCache<string, Kept>(PROPERTY_CACHE_ENTRIES);
  private readonly keepMs: number;

  constructor(
    private readonly source: SqlPropertyCatalogReader,
    private readonly changes: CatalogChangeFeed,
    config: AppConfig,
  ) {
    super();
    this.keepMs = catalogCopyMs(config);
  }

  async read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null> {
    const name = 'id' in key ? `${tenantId} id ${key.id}` : `${tenantId} slug ${key.slug}`;
    const hit = this.kept.get(name);
    if (hit && this.changes.unchangedSince(tenantId, hit.version)) return hit.catalog;
    // Taken before the read: a change heard while it runs may postdate the rows it returns.
    const version = this.changes.versionOf(tenantId);
    const catalog = await this.source.read(tenantId, key);
    if (catalog && version && this.changes.unchangedSince(tenantId, version)) this.kept.set(name, { catalog: frozen(catalog), version }, this.keepMs);
    return catalog;
  }
}
