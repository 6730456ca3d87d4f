import { request } from 'node:http';

export interface FeedFetch {
  status: number;
  ms: number;
  bytes: number;
  encoding: string | null;
}

/** One GET read to the last byte (no decompression), as a partner's crawler sends it. */
export function fetchFeed(url: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }): Promise<FeedFetch> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: Number((performance.now() - started).toFixed(1)),
          bytes,
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface AriPolling {
  /** The first request: a render. */
  first: FeedFetch;
  /** Later requests without If-None-Match while nothing changed: the rendered copy (gzip accepted). */
  cached: FeedFetch[];
  cached_p50_ms: number;
  /** The same without gzip: the copy decompressed on the way out. */
  cached_identity: FeedFetch;
}

/** ari.xml polled without If-None-Match: one render, then `polls` requests served from the copy. */
export async function ariPolling(url: string, polls = 5): Promise<AriPolling> {
  const first = await fetchFeed(url);
  const cached: FeedFetch[] = [];
  for (let i = 0; i < polls; i++) cached.push(await fetchFeed(url));
  const sorted = cached.map((c) => c.ms).sort((a, b) => a - b);
  const cachedIdentity = await fetchFeed(url, { 'accept-encoding': 'identity' });
  return { first, cached, cached_p50_ms: sorted[Math.floor(sorted.length / 2)], cached_identity: cachedIdentity };
}
