import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { FeedReader } from '../ports/feed.reader';
import type { ConditionalRequest, FeedListing, FeedRead } from '../feed.types';
import { isNotModified, strongEtag, toHttpSecond } from '../rules/feed-validators';

/** A tenant's hotel list document: its promoted properties in id order, in batches (read when iterated). */
export interface HotelListDocument {
  listings: () => AsyncIterable<FeedListing[]>;
}

export interface HotelListFeedQuery {
  /** The partner's If-None-Match / If-Modified-Since. */
  conditional: ConditionalRequest;
}

const LISTING_BATCH = 100;
/** Last-Modified of a tenant without properties (an unknown tenant looks the same). */
export const EMPTY_FEED_LAST_MODIFIED = new Date('2026-01-01T00:00:00Z');

/** The hotel list feed of the reader's tenant (docs/feeds.md): validators from the properties' change stamps, rows only when needed. */
@Injectable()
export class GetHotelListFeed {
  constructor(private readonly source: FeedReader) {}

  async execute(query: HotelListFeedQuery, reader: Reader): Promise<Outcome<FeedRead<HotelListDocument>>> {
    const { tenantId } = reader;
    const freshness = await this.source.freshness(tenantId, 'listings');
    const validators = {
      etag: strongEtag(['hotel-list', tenantId, freshness.fingerprint]),
      lastModified: toHttpSecond(freshness.lastChange ?? EMPTY_FEED_LAST_MODIFIED),
    };
    if (isNotModified(validators, query.conditional)) return new Outcome({ validators, notModified: true });
    return new Outcome({ validators, notModified: false, document: { listings: () => this.source.listings(tenantId, LISTING_BATCH) } });
  }
}
