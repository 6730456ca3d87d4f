import { FeedReader, FeedScope } from '../feeds/ports/feed.reader';
import type { FeedAriProperty, FeedFreshness, FeedListing } from '../feeds/feed.types';

/** A FeedReader over fixed rows of one tenant that records what was read; any other tenant has no rows. */
export class FakeFeedReader extends FeedReader {
  reads: string[] = [];
  constructor(
    private readonly tenantId: string,
    private readonly stamps: FeedFreshness,
    private readonly rows: FeedAriProperty[] = [],
  ) {
    super();
  }
  async freshness(tenantId: string, scope: FeedScope): Promise<FeedFreshness> {
    this.reads.push(`freshness:${scope}`);
    return tenantId === this.tenantId ? this.stamps : { lastChange: null, fingerprint: '0', timezones: [] };
  }
  async *listings(tenantId: string): AsyncIterable<FeedListing[]> {
    this.reads.push('listings');
    if (tenantId === this.tenantId) yield [];
  }
  async *ariProperties(tenantId: string, window: { from: string; to: string } | null): AsyncIterable<FeedAriProperty[]> {
    this.reads.push(window ? `nights:${window.from}..${window.to}` : 'properties');
    if (tenantId === this.tenantId) yield this.rows;
  }
}
