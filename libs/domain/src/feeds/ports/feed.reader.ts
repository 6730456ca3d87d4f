import type { FeedAriProperty, FeedFreshness, FeedListing } from '../feed.types';

/** The rows a feed covers: everything of the tenant's promoted catalog (listings), or that plus rates and inventory (ari). */
export type FeedScope = 'listings' | 'ari';

/**
 * Port: read-only access to the promoted catalog for the partner feeds. Rows come in batches in
 * property id order from a keyset cursor, so a document is written while it is read and memory
 * does not grow with the catalog. Every method is scoped to the tenant; an unknown tenant simply
 * has no rows.
 */
export abstract class FeedReader {
  abstract freshness(tenantId: string, scope: FeedScope): Promise<FeedFreshness>;
  abstract listings(tenantId: string, batchSize: number): AsyncIterable<FeedListing[]>;
  /**
   * Properties with room types and quotable rate plans; with a window (inclusive local dates), also
   * their per-date rates and inventory rows for those nights.
   */
  abstract ariProperties(tenantId: string, window: { from: string; to: string } | null, batchSize: number): AsyncIterable<FeedAriProperty[]>;
}
