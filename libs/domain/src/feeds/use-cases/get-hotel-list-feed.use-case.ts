import { Injectable } from '@nestjs/common';
import { FeedReader } from '../feed.reader';
import type { ConditionalRequest, FeedListing, FeedRead } from '../feed.types';
import { isNotModified, strongEtag, toHttpSecond } from '../rules/feed-validators';

/** A tenant's hotel list document: its promoted properties in id order, in batches (read when iterated). */
export interface HotelListDocument {
  listings: () => AsyncIterable<FeedListing[]>;
}

const LISTING_BATCH = 100;
/** Last-Modified of a tenant without properties (an unknown tenant looks the same). */
export const EMPTY_FEED_LAST_MODIFIED = new Date('2026-01-01T00:00:00Z');

/** The hotel list feed (docs/feeds.md): validators from the properties' change stamps, rows only when needed. */
@Injectable()
export class GetHotelListFeed {
  constructor(private readonly reader: FeedReader) {}

  async execute(tenantId: string, conditional: ConditionalRequest): Promise<FeedRead<HotelListDocument>> {
    const freshness = await this.reader.freshness(tenantId, 'listings');
    const validators = {
      etag: strongEtag(['hotel-list', tenantId, freshness.fingerprint]),
      lastModified: toHttpSecond(freshness.lastChange ?? EMPTY_FEED_LAST_MODIFIED),
    };
    if (isNotModified(validators, conditional)) return { validators, notModified: true };
    return { validators, notModified: false, document: { listings: () => this.reader.listings(tenantId, LISTING_BATCH) } };
  }
}
