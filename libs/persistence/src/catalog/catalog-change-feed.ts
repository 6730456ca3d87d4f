import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AfterCommit } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { PgChannelListener } from '../sql/pg-channel-listener';

/** The channel migration 1764440000001-CatalogChangeNotices notifies: a tenant id, or `*` for all. */
export const CATALOG_CHANNEL = 'catalog_changes';

/** A tenant's catalog as this process knows it: equal versions, nothing changed in between. */
export interface CatalogVersion {
  readonly era: number;
  readonly tenant: number;
}

/** Whether two versions of one tenant's catalog are the same (nothing changed between them). */
export function sameCatalogVersion(a: CatalogVersion, b: CatalogVersion): boolean {
  return a.era === b.era && a.tenant === b.tenant;
}

/**
 * What this process knows of catalog changes (docs/catalog.md, "The property read in memory"):
 * a version per tenant that moves on every committed change of its properties, room types, rate
 * plans or policies. Changes from anywhere arrive as Postgres notifications (`LISTEN
 * catalog_changes`, one connection per process, opened at the first question); a change made by
 * this process also moves the version as soon as it commits, so its own next read never waits for
 * the notification. While the connection is not listening, changes may go unheard and
 * `versionOf` answers null: nothing may be kept.
 */
@Injectable()
export class CatalogChangeFeed implements OnApplicationShutdown {
  private listener: PgChannelListener | null = null;
  private hearing = false;
  /** Moves when anything may have changed: a (re)connection or a `TRUNCATE`. */
  private era = 0;
  private readonly tenants = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly afterCommit: AfterCommit,
  ) {}

  /** The tenant's current version, or null while changes cannot be heard. */
  versionOf(tenantId: string): CatalogVersion | null {
    if (!this.listener) this.start();
    if (!this.hearing) return null;
    return { era: this.era, tenant: this.tenants.get(tenantId) ?? 0 };
  }

  /** True when nothing of the tenant's catalog has changed since `version` was taken. */
  unchangedSince(tenantId: string, version: CatalogVersion): boolean {
    return this.hearing && version.era === this.era && version.tenant === (this.tenants.get(tenantId) ?? 0);
  }

  /** A write of this process to the tenant's catalog: the version moves when its transaction commits. */
  changedHere(tenantId: string): void {
    this.afterCommit.run('catalog version', async () => this.changed(tenantId));
  }

  async onApplicationShutdown(): Promise<void> {
    this.hearing = false;
    await this.listener?.stop();
  }

  private start(): void {
    this.listener = new PgChannelListener(this.config.databaseDirectUrl, CATALOG_CHANNEL, {
      notified: (payload) => (payload === '*' || payload === '' ? this.everything() : this.changed(payload)),
      listening: () => {
        this.everything();
        this.hearing = true;
      },
      deaf: () => {
        this.hearing = false;
        this.everything();
      },
    });
    this.listener.start();
  }

  private changed(tenantId: string): void {
    this.tenants.set(tenantId, (this.tenants.get(tenantId) ?? 0) + 1);
  }

  private everything(): void {
    this.era += 1;
    this.tenants.clear();
  }
}
