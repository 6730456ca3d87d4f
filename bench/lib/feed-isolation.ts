import { request } from 'node:http';
import { percentile } from './load';

export interface FeedIsolationResult {
  /** Another tenant's authenticated property read, alone and while the feed requests run. */
  idle: { reads: number; p50_ms: number; p99_ms: number };
  loaded: { reads: number; p50_ms: number; p99_ms: number };
  /** loaded p99 ÷ idle p99: the abuse bound is 3 (docs/security.md). */
  p99_ratio: number;
  feed_requests: number;
  feed_statuses: number[];
  /** Slowest feed request to its last byte. */
  feed_max_ms: number;
  feed_bytes: number;
}

/** A GET whose body is read and dropped (as a partner's crawler would, gzip accepted); resolves with status and bytes. */
function drain(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `concurrency` loops of reads until `until()` is true (and at least `minMs`), every latency kept. */
async function reads(url: string, headers: Record<string, string>, concurrency: number, minMs: number, until: () => boolean) {
  const latencies: number[] = [];
  const started = Date.now();
  const loop = async () => {
    while (Date.now() - started < minMs || !until()) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`property read answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return { reads: latencies.length, p50_ms: round(percentile(latencies, 50)), p99_ms: round(percentile(latencies, 99)) };
}

/**
 * Abuse case of docs/security.md ("anonymous feed renders"): `feeds` concurrent anonymous requests
 * for a feed nobody has rendered yet, and meanwhile another tenant's `GET /v1/properties/{id}`.
 * Measures that read alone first (idle), then during the feed requests (loaded).
 */
export async function feedIsolation(options: {
  feedUrl: string;
  readUrl: string;
  readHeaders: Record<string, string>;
  feeds?: number;
  readConcurrency?: number;
  idleMs?: number;
}): Promise<FeedIsolationResult> {
  const feeds = options.feeds ?? 20;
  const concurrency = options.readConcurrency ?? 2;
  // Warm the read path (JIT, caches) before the idle figure.
  await reads(options.readUrl, options.readHeaders, concurrency, 500, () => true);
  const idle = await reads(options.readUrl, options.readHeaders, concurrency, options.idleMs ?? 3000, () => true);
  let pending = feeds;
  const started = performance.now();
  const storm = Promise.all(
    Array.from({ length: feeds }, async () => {
      const answer = await drain(options.feedUrl);
      pending -= 1;
      return { ...answer, ms: performance.now() - started };
    }),
  );
  const loaded = await reads(options.readUrl, options.readHeaders, concurrency, 1000, () => pending === 0);
  const answers = await storm;
  return {
    idle,
    loaded,
    p99_ratio: idle.p99_ms > 0 ? Number((loaded.p99_ms / idle.p99_ms).toFixed(2)) : 0,
    feed_requests: feeds,
    feed_statuses: answers.map((a) => a.status),
    feed_max_ms: Math.round(Math.max(...answers.map((a) => a.ms))),
    feed_bytes: answers[0]?.bytes ?? 0,
  };
}
