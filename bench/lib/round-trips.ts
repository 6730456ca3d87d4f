import { randomUUID } from 'node:crypto';
import { loadConfig } from '@hcs/platform';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { ChainFixture, isoDay } from './fixtures';
import { countRedisCommands } from './redis-command-counter';
import { countSqlStatements } from './sql-statement-counter';

export interface RoundTrips {
  quote: number;
  hold: number;
  booking: number;
  chain: number;
}

/**
 * SQL statements of one quote -> hold -> booking, counted at the `pg` client of an api running in
 * this process (same build, same database), after one warm-up chain.
 */
export async function countChainRoundTrips(env: Record<string, string>, fx: ChainFixture): Promise<RoundTrips> {
  const app = await createApiApp(loadConfig({ ...process.env, ...env }), {});
  await app.listen(0, '127.0.0.1');
  const base = await app.getUrl();
  const counter = countSqlStatements();
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    counter.reset();
    const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.apiKey}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, string> };
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return { data: json.data, statements: counter.statements.length };
  };
  const chain = async (day: number) => {
    const q = await call('/v1/quotes', {
      hotel_id: fx.propertyId,
      room_type_id: fx.roomy.roomTypeId,
      rate_plan_id: fx.roomy.ratePlanId,
      stay: { check_in: isoDay(day), check_out: isoDay(day + 2) },
      guests: { adults: 2 },
    });
    const h = await call('/v1/holds', { quote_id: q.data.quote_id });
    const b = await call(
      '/v1/bookings',
      {
        hold_id: h.data.hold_id,
        quote_id: q.data.quote_id,
        guest: { primary: { full_name: 'Bench Guest', email: 'bench@example.com', phone: '+33 1 00 00 00 00' } },
        payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
      },
      { 'idempotency-key': randomUUID(), 'x-delegated-user': await fx.delegation() },
    );
    return { quote: q.statements, hold: h.statements, booking: b.statements, chain: q.statements + h.statements + b.statements };
  };
  try {
    await chain(320);
    return await chain(321);
  } finally {
    counter.restore();
    await app.close();
  }
}

export interface SystemStatements {
  /** Statements per chain, api and worker together (the difference of two runs over one window). */
  per_chain: number;
  /** Redis commands per chain, api and worker together, from the same two runs. */
  redis_per_chain: number;
  short: { chains: number; statements: number; redis_commands: number };
  long: { chains: number; statements: number; redis_commands: number };
  /** The long run's Redis commands by name, most sent first. */
  redis_commands: Array<{ command: string; calls: number }>;
  window_ms: number;
}

/**
 * SQL statements and Redis commands of the whole system per chain: an api and a worker in this
 * process (same build, same database and Redis), every statement counted at the `pg` client and
 * every command at the ioredis client. Two runs of different length over
 * the same window, so the worker's time-based work (polls, sweeps) cancels out; the difference
 * divided by the extra chains is one chain: its three requests (hold and booking with an
 * Idempotency-Key, as agents send them) and the relay of its outbox event (the chain tenant has no
 * webhook endpoint). test/e2e/performance/system-round-trips.e2e-spec.ts counts the same at the
 * Postgres and Redis servers.
 */
export async function countSystemStatements(env: Record<string, string>, fx: ChainFixture, short = 2, long = 12, windowMs = 10_000): Promise<SystemStatements> {
  const config = loadConfig({ ...process.env, ...env });
  const app = await createApiApp(config, {});
  await app.listen(0, '127.0.0.1');
  const worker = await createWorkerApp(config);
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const counter = countSqlStatements();
  const commands = countRedisCommands();
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.apiKey}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, string> };
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  let day = 150;
  const chain = async () => {
    day += 2;
    const q = await post('/v1/quotes', {
      hotel_id: fx.propertyId,
      room_type_id: fx.roomy.roomTypeId,
      rate_plan_id: fx.roomy.ratePlanId,
      stay: { check_in: isoDay(day), check_out: isoDay(day + 2) },
      guests: { adults: 2 },
    });
    const h = await post('/v1/holds', { quote_id: q.quote_id }, { 'idempotency-key': randomUUID() });
    await post(
      '/v1/bookings',
      {
        hold_id: h.hold_id,
        quote_id: q.quote_id,
        guest: { primary: { full_name: 'Bench Guest', email: 'bench@example.com', phone: '+33 1 00 00 00 00' } },
        payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
      },
      { 'idempotency-key': randomUUID(), 'x-delegated-user': await fx.delegation() },
    );
  };
  // The window is at least `windowMs` and long enough for the long run plus its relay: both runs
  // then last exactly as long, whatever the machine's load.
  let window = windowMs;
  let longByName: Array<{ command: string; calls: number }> = [];
  const run = async (chains: number) => {
    counter.reset();
    commands.reset();
    const started = Date.now();
    for (let i = 0; i < chains; i++) await chain();
    window = Math.max(window, Date.now() - started + 1500);
    await new Promise((r) => setTimeout(r, Math.max(0, window - (Date.now() - started))));
    if (chains === long) longByName = [...commands.byName].map(([command, calls]) => ({ command, calls })).sort((a, b) => b.calls - a.calls);
    return { chains, statements: counter.statements.length, redis_commands: commands.total() };
  };
  try {
    await chain();
    const l = await run(long);
    const s = await run(short);
    return {
      per_chain: Number(((l.statements - s.statements) / (long - short)).toFixed(2)),
      redis_per_chain: Number(((l.redis_commands - s.redis_commands) / (long - short)).toFixed(2)),
      short: s,
      long: l,
      redis_commands: longByName,
      window_ms: window,
    };
  } finally {
    commands.restore();
    counter.restore();
    await worker.close();
    await app.close();
  }
}
