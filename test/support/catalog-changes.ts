import type { INestApplicationContext } from '@nestjs/common';
import { CatalogChangeFeed } from '@hcs/persistence';

/**
 * Runs a catalog write made behind the api's back (plain SQL on the test's own connection) and
 * waits until the api has heard it. Such a change reaches the api as a Postgres notification, within
 * milliseconds but not before the next line of a test (docs/catalog.md, "The property read in
 * memory"); a write through the api's own routes is seen at once and needs none of this.
 */
export async function behindTheApi<T>(app: INestApplicationContext, tenantId: string, write: () => Promise<T>): Promise<T> {
  const feed = app.get(CatalogChangeFeed);
  const before = feed.versionOf(tenantId);
  const written = await write();
  if (before === null) return written;
  for (const started = Date.now(); feed.unchangedSince(tenantId, before);) {
    if (Date.now() - started > 5_000) throw new Error(`the api did not hear the catalog change of tenant ${tenantId} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return written;
}
