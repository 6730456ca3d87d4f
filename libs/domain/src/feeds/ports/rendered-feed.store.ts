/**
 * Port: where rendered feed documents are kept between polls, shared by every api process
 * (docs/feeds.md, "Rendered copies"). A copy is stored gzip-compressed under its feed key and the
 * ETag it was rendered for; a key keeps one copy, the newest.
 */
export abstract class RenderedFeedStore {
  /** The copy of `key` rendered for `etag`, or null when there is none (never rendered, or replaced). */
  abstract get(key: string, etag: string): Promise<Buffer | null>;
  /** Keeps `body` as the copy of `key` for `etag` and drops the copy of the previous ETag. */
  abstract put(key: string, etag: string, body: Buffer): Promise<void>;
  /** Takes the render lock of `key` for `ttlMs` (single flight across processes); false when another holds it. */
  abstract lock(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the render lock of `key` if `token` still holds it. */
  abstract unlock(key: string, token: string): Promise<void>;
}
