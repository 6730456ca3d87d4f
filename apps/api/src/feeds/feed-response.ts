import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FeedValidators } from '@hcs/domain';

export const FEED_CONTENT_TYPE = 'application/xml; charset=utf-8';
/** Partners poll often; a short max-age lets caches in between absorb bursts (docs/feeds.md). */
export const FEED_CACHE_CONTROL = 'public, max-age=60';

/** A feed answer: 200 with a streamed document, or 304 with the validators only. */
export class FeedResponse {
  constructor(
    readonly validators: FeedValidators,
    readonly body: Readable | null,
    /** `gzip` when the body is sent compressed (`Content-Encoding`); the ETag names the document either way. */
    readonly encoding: 'gzip' | null = null,
    /** Bytes of the body when known in advance (`Content-Length`). */
    readonly length: number | null = null,
    /** Whether the representation depends on `Accept-Encoding` (feeds served from a rendered copy). */
    readonly negotiated = false,
  ) {}

  /** 304 for a feed whose 200 would come from a rendered copy: the same `Vary`. */
  static notModified(validators: FeedValidators): FeedResponse {
    return new FeedResponse(validators, null, null, null, true);
  }

  /** A rendered copy (gzip bytes): sent as they are to a client that accepts gzip, else decompressed on the way out. */
  static fromCopy(validators: FeedValidators, gzip: Buffer, clientAcceptsGzip: boolean): FeedResponse {
    if (clientAcceptsGzip) return new FeedResponse(validators, Readable.from([gzip]), 'gzip', gzip.length, true);
    const plain = createGunzip();
    plain.end(gzip);
    return new FeedResponse(validators, plain, null, null, true);
  }

  get status(): number {
    return this.body ? 200 : 304;
  }

  get headers(): Record<string, string> {
    return {
      ETag: this.validators.etag,
      'Last-Modified': this.validators.lastModified.toUTCString(),
      'Cache-Control': FEED_CACHE_CONTROL,
      ...(this.negotiated ? { Vary: 'Accept-Encoding' } : {}),
      ...(this.body ? { 'Content-Type': FEED_CONTENT_TYPE } : {}),
      ...(this.body && this.encoding ? { 'Content-Encoding': this.encoding } : {}),
    };
  }
}
