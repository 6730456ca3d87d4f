/**
 * One value, fetched at most once per `maxAgeMs`: a caller within `maxAgeMs` of the start of the
 * last fetch gets that fetch's promise, settled or still in flight (single flight: callers who
 * arrive together share one fetch). A fetch that fails is forgotten at once, so the next caller
 * tries again. The age is measured from the start of the fetch, so an answer is never older than
 * `maxAgeMs` plus the fetch's own duration.
 */
export class SingleFlightCache<T> {
  private last: { startedAt: number; value: Promise<T> } | null = null;

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(fetch: () => Promise<T>): Promise<T> {
    const now = this.now();
    if (this.last && now - this.last.startedAt < this.maxAgeMs && now >= this.last.startedAt) return this.last.value;
    const entry = { startedAt: now, value: fetch() };
    this.last = entry;
    entry.value.catch(() => {
      if (this.last === entry) this.last = null;
    });
    return entry.value;
  }
}
