/** Bytes of rendered feed copies one api process keeps beside the shared store (docs/feeds.md). */
export const FEED_COPY_BYTES_PER_PROCESS = 8 * 1024 * 1024;

/**
 * The copies this process served last, by feed key, up to a number of bytes (the least recently
 * served goes first; a copy larger than the whole bound is not kept). A copy is found only under
 * the ETag it was rendered for, so it is never staler than the validators it is served under; a
 * repeat poll is answered without moving its bytes out of the shared store again.
 */
export class RecentFeedCopies {
  private readonly copies = new Map<string, { etag: string; gzip: Buffer }>();
  private bytes = 0;

  constructor(private readonly limit = FEED_COPY_BYTES_PER_PROCESS) {}

  get(key: string, etag: string): Buffer | null {
    const copy = this.copies.get(key);
    if (copy === undefined || copy.etag !== etag) return null;
    this.copies.delete(key);
    this.copies.set(key, copy);
    return copy.gzip;
  }

  keep(key: string, etag: string, gzip: Buffer): void {
    this.drop(key);
    if (gzip.length > this.limit) return;
    this.copies.set(key, { etag, gzip });
    this.bytes += gzip.length;
    for (const oldest of this.copies.keys()) {
      if (this.bytes <= this.limit) break;
      this.drop(oldest);
    }
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const copy = this.copies.get(key);
    if (copy === undefined) return;
    this.copies.delete(key);
    this.bytes -= copy.gzip.length;
  }
}
