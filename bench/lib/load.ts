import autocannon from 'autocannon';
import { createServer, Server } from 'node:http';

export interface Measured {
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (n: number) => Number(n.toFixed(2));

/** autocannon for `duration` seconds, with every response time kept for exact percentiles. */
export async function measure(options: autocannon.Options, connections: number, duration: number): Promise<Measured> {
  const latencies: number[] = [];
  const instance = autocannon({ connections, duration, ...options });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests_per_second: Math.round(result.requests.total / duration),
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A raw node:http server answering a fixed JSON body: the ceiling any framework route is compared to. */
export async function startHelloServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify({ ok: true });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
