import type { Readable } from 'node:stream';
import type { FeedValidators } from '@hcs/domain';

export const FEED_CONTENT_TYPE = 'application/xml; charset=utf-8';
/** Partners poll often; a short max-age lets caches in between absorb bursts (docs/feeds.md). */
export const FEED_CACHE_CONTROL = 'public, max-age=60';

/** A feed answer: 200 with a streamed document, or 304 with the validators only. */
export class FeedResponse {
  constructor(
    readonly validators: FeedValidators,
    readonly body: Readable | null,
  ) {}

  get status(): number {
    return this.body ? 200 : 304;
  }

  get headers(): Record<string, string> {
    return {
      ETag: this.validators.etag,
      'Last-Modified': this.validators.lastModified.toUTCString(),
      'Cache-Control': FEED_CACHE_CONTROL,
      ...(this.body ? { 'Content-Type': FEED_CONTENT_TYPE } : {}),
    };
  }
}
