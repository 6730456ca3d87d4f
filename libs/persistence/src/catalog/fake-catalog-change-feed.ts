import type { CatalogVersion } from './catalog-change-feed';

/** The change feed as the reader sees it: a version per tenant, or null while deaf. */
export class FakeCatalogChangeFeed {
  hearing = true;
  private readonly versions = new Map<string, number>();
  versionOf(tenantId: string): CatalogVersion | null {
    return this.hearing ? { era: 0, tenant: this.versions.get(tenantId) ?? 0 } : null;
  }
  unchangedSince(tenantId: string, version: CatalogVersion): boolean {
    return this.hearing && version.tenant === (this.versions.get(tenantId) ?? 0);
  }
  change(tenantId: string): void {
    this.versions.set(tenantId, (this.versions.get(tenantId) ?? 0) + 1);
  }
}
