import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { DataSource } from 'typeorm';
import { ChainFixture, isoDay, RoomType } from './fixtures';
import { percentile } from './load';

interface Answer {
  status: number;
  data: { quote_id?: string; hold_id?: string; created_at?: string; expires_at?: string };
}

/**
 * The load generator's HTTP client. `http` (the default): `node:http` with a keep-alive Agent;
 * `fetch`: Node's global fetch (undici), which the bench used before and which cost the load
 * generator more CPU per chain on the two cores it shares with the system under test
 * (docs/performance.md, "Statements per chain, whole system"). BENCH_CLIENT=fetch selects it again.
 */
export type ChainClientName = 'http' | 'fetch';
let clientName: ChainClientName = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';
/**
 * Keep-alive sockets are dropped after 4 s idle, under the api's 5 s keep-alive timeout (Node's
 * agent honours the server's `Keep-Alive: timeout=5` hint only below its own `timeout`): a socket
 * the api has just closed is not reused for the next window's first request.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 });

export function setChainClient(name: ChainClientName): void {
  clientName = name;
}

export function chainClient(): ChainClientName {
  return clientName;
}

type Posted = { status: number; json: { data?: Answer['data'] } };

/**
 * A request written on a reused keep-alive socket that the server had closed meanwhile never
 * reached it: sent again once on a new socket, as Node's documentation advises for `reusedSocket`.
 */
function viaHttp(url: string, headers: Record<string, string>, body: string, retried = false): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Answer['data'] } });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) viaHttp(url, headers, body, true).then(resolve, reject);
      else reject(error);
    });
    req.end(body);
  });
}

async function viaFetch(url: string, headers: Record<string, string>, body: string): Promise<Posted> {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as { data?: Answer['data'] } };
}

async function post(base: string, apiKey: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const send = clientName === 'http' ? viaHttp : viaFetch;
  const { status, json } = await send(
    `${base}${path}`,
    { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    JSON.stringify(body),
  );
  return { status, data: json.data ?? {} };
}

const GUEST = { primary: { full_name: 'Bench Guest', email: 'bench@example.com', phone: '+33 1 00 00 00 00' } };
const PAYMENT = { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' };

function quote(base: string, fx: ChainFixture, room: RoomType, day: number, nights = 2): Promise<Answer> {
  return post(base, fx.apiKey, '/v1/quotes', {
    hotel_id: fx.propertyId,
    room_type_id: room.roomTypeId,
    rate_plan_id: room.ratePlanId,
    stay: { check_in: isoDay(day), check_out: isoDay(day + nights) },
    guests: { adults: 2 },
  });
}

/**
 * One quote -> hold -> booking as agents send it (hold and booking with an Idempotency-Key, the
 * booking with a fresh delegation), on the unlimited room type; throws unless each answers 201.
 */
export async function bookChain(base: string, fx: ChainFixture, day: number): Promise<void> {
  const q = await quote(base, fx, fx.roomy, day);
  if (q.status !== 201) throw new Error(`quote answered ${q.status}`);
  const h = await post(base, fx.apiKey, '/v1/holds', { quote_id: q.data.quote_id }, { 'idempotency-key': randomUUID() });
  if (h.status !== 201) throw new Error(`hold answered ${h.status}`);
  const b = await post(
    base,
    fx.apiKey,
    '/v1/bookings',
    { hold_id: h.data.hold_id, quote_id: q.data.quote_id, guest: GUEST, payment: PAYMENT },
    { 'idempotency-key': randomUUID(), 'x-delegated-user': await fx.delegation() },
  );
  if (b.status !== 201) throw new Error(`booking answered ${b.status}`);
}

/** Delegations to mint ahead of a timed run: more than the fastest run has booked (about 230 chains/s). */
export const delegationsFor = (seconds: number) => Math.ceil(seconds * 400);

export interface ChainResult {
  chains_per_second: number;
  p50_ms: number;
  p99_ms: number;
  chains: number;
  failures: number;
}

/**
 * `concurrency` loops of quote -> hold -> booking (delegation, sandbox card) for `seconds`. With
 * several api base URLs (one process per core), the loops are spread over them. A timed run mints
 * its delegations first (`mintDelegations(delegationsFor(seconds))`), outside its CPU window.
 */
export async function runChains(bases: string | string[], fx: ChainFixture, seconds: number, concurrency: number): Promise<ChainResult> {
  const apis = Array.isArray(bases) ? bases : [bases];
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const loop = async (w: number) => {
    const base = apis[w % apis.length];
    for (let i = 0; Date.now() < deadline; i++) {
      const start = performance.now();
      const q = await quote(base, fx, fx.roomy, 2 + ((w * 7919 + i) % 300));
      const h = q.status === 201 ? await post(base, fx.apiKey, '/v1/holds', { quote_id: q.data.quote_id }) : q;
      const b =
        h.status === 201
          ? await post(
              base,
              fx.apiKey,
              '/v1/bookings',
              {
                hold_id: h.data.hold_id,
                quote_id: q.data.quote_id,
                guest: GUEST,
                payment: PAYMENT,
              },
              { 'idempotency-key': randomUUID(), 'x-delegated-user': await fx.delegation() },
            )
          : h;
      if (b.status === 201) latencies.push(performance.now() - start);
      else failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => loop(w)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    chains_per_second: Number((latencies.length / elapsed).toFixed(1)),
    p50_ms: Number(percentile(latencies, 50).toFixed(1)),
    p99_ms: Number(percentile(latencies, 99).toFixed(1)),
    chains: latencies.length,
    failures,
  };
}

export interface ContentionResult {
  requests: number;
  succeeded: number;
  exhausted: number;
  server_errors: number;
  /** Of `server_errors`, the requests that got no answer at all (connection refused or reset, counted as status 0). */
  no_answer: number;
  /** Answers by status (0: none). */
  statuses: Record<string, number>;
  max_ms: number;
  p99_ms: number;
  /**
   * The most holds live at one moment (from each granted hold's created_at to its expires_at): the
   * rooms never oversold. A hold that expires while the burst still runs frees its room to a later
   * request, so on a slow machine with a short TTL more than two may succeed, never more at once.
   */
  max_live: number;
}

/** `n` holds at once on one quote of a room type with two rooms: exactly two must succeed. */
export async function hotRoomContention(base: string, fx: ChainFixture, n: number, day: number): Promise<ContentionResult> {
  const q = await quote(base, fx, fx.hot, day, 1);
  if (q.status !== 201) throw new Error(`contention quote failed with ${q.status}`);
  const times: number[] = [];
  const granted: Array<{ from: number; to: number }> = [];
  const answers = await Promise.all(
    Array.from({ length: n }, async () => {
      const start = performance.now();
      const a = await post(base, fx.apiKey, '/v1/holds', { quote_id: q.data.quote_id }).catch((): Answer => ({ status: 0, data: {} }));
      times.push(performance.now() - start);
      if (a.status === 201) granted.push({ from: Date.parse(a.data.created_at ?? ''), to: Date.parse(a.data.expires_at ?? '') });
      return a.status;
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: n,
    succeeded: answers.filter((s) => s === 201).length,
    exhausted: answers.filter((s) => s === 409).length,
    server_errors: answers.filter((s) => s >= 500 || s === 0).length,
    no_answer: answers.filter((s) => s === 0).length,
    statuses: answers.reduce<Record<string, number>>((by, s) => ({ ...by, [s]: (by[s] ?? 0) + 1 }), {}),
    max_ms: Math.round(times[times.length - 1] ?? 0),
    p99_ms: Math.round(percentile(times, 99)),
    max_live: Math.max(0, ...granted.map((h) => granted.filter((other) => other.from <= h.from && h.from < other.to).length)),
  };
}

export interface ExpiryLagResult {
  holds: number;
  expired: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/**
 * Takes `n` holds (each expiring HOLD_TTL_SECONDS later), waits until the worker has expired them,
 * and reads the lag of each from the database: when it became `expired` minus its `expires_at`.
 */
export async function holdExpiryLag(base: string, fx: ChainFixture, db: DataSource, n: number, ttlSeconds: number): Promise<ExpiryLagResult> {
  const quotes: string[] = [];
  for (let d = 0; d < Math.ceil(n / 90); d++) {
    const q = await quote(base, fx, fx.pending, 5 + d, 1);
    if (q.status !== 201) throw new Error(`pending-holds quote failed with ${q.status}`);
    quotes.push(q.data.quote_id as string);
  }
  let next = 0;
  const created: string[] = [];
  const loop = async () => {
    while (next < n) {
      const i = next++;
      const h = await post(base, fx.apiKey, '/v1/holds', { quote_id: quotes[Math.floor(i / 90)] });
      if (h.status === 201) created.push(h.data.hold_id as string);
    }
  };
  await Promise.all(Array.from({ length: 32 }, loop));
  const waitUntil = Date.now() + (ttlSeconds + 90) * 1000;
  for (;;) {
    const [{ left }] = await db.query(`SELECT count(*)::int AS left FROM holds WHERE id = ANY($1::uuid[]) AND state = 'held'`, [created]);
    if (left === 0 || Date.now() > waitUntil) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rows = (await db.query(
    `SELECT (extract(epoch FROM updated_at - expires_at) * 1000)::float8 AS lag FROM holds WHERE id = ANY($1::uuid[]) AND state = 'expired' ORDER BY 1`,
    [created],
  )) as Array<{ lag: number }>;
  const lags = rows.map((r) => Math.max(0, r.lag));
  return {
    holds: created.length,
    expired: lags.length,
    p50_ms: Math.round(percentile(lags, 50)),
    p99_ms: Math.round(percentile(lags, 99)),
    max_ms: Math.round(lags[lags.length - 1] ?? 0),
  };
}
