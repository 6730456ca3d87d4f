/**
 * Booking-chain benchmark: chains per second and chain latency (p50/p99) through a built api
 * process, next to `pgbench -N` TPS on the same machine in the same run, as a ratio.
 *
 * The chain measured is quote -> hold -> booking (three POSTs; the booking with a delegation JWT
 * minted by the demo issuer through `hcs delegation mint`, a fresh Idempotency-Key and the sandbox
 * token tok_visa).
 *
 *   npm run build && npm run bench:chain
 *   env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_REDIS (redis://127.0.0.1:6379/14),
 *        BENCH_SECONDS (15), BENCH_CONCURRENCY (16), BENCH_PGBENCH_CLIENTS (8)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { issueSecret } from '../libs/domain/src/identity/credential-secret';
import { createDataSource } from '../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../libs/persistence/src/migration-runner';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/14';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 8);
const DB_URL = `${PG}/hcs_bench_chain`;
// One audience for the minting CLI and the api (by default each would derive it from its own port).
const AUDIENCE = 'https://bench.hcs.invalid';
const PGBENCH_DB = 'hcs_bench_pgbench';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The parts of an envelope the bench reads. */
interface ApiJson {
  data: { quote_id: string; hold_id: string };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function seed(db: DataSource) {
  const [tenant] = await db.query(`INSERT INTO tenants (name) VALUES ('bench') RETURNING id`);
  const [agent] = await db.query(
    `INSERT INTO principals (tenant_id, kind, name, scopes) VALUES ($1, 'agent', 'bench agent', '{catalog:read,booking:write,booking:read}') RETURNING id`,
    [tenant.id],
  );
  const secret = issueSecret('agent');
  await db.query(`INSERT INTO credentials (tenant_id, principal_id, secret_hash, secret_prefix) VALUES ($1, $2, $3, $4)`, [
    tenant.id,
    agent.id,
    secret.hash,
    secret.prefix,
  ]);
  const [property] = await db.query(
    `INSERT INTO properties (tenant_id, slug, name, city, country, timezone, default_currency, taxes, fees)
     VALUES ($1, $2, 'Bench Hotel', 'Lyon', 'FR', 'Europe/Paris', 'EUR', '[{"code":"VAT","name":"VAT","rate_bps":1000}]', '[]') RETURNING id`,
    [tenant.id, `bench-${randomUUID().slice(0, 8)}`],
  );
  const [policy] = await db.query(
    `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin, cancellation_fee_pct_after_cutoff)
     VALUES ($1, $2, 'flex', '1', 'free_cancellation', 24, 100) RETURNING id`,
    [tenant.id, property.id],
  );
  const [room] = await db.query(
    `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory) VALUES ($1, $2, 'DBL', 'Double', 2, 1000000) RETURNING id`,
    [tenant.id, property.id],
  );
  const [plan] = await db.query(
    `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount, policy_id) VALUES ($1, $2, $3, 'FLEX', 'Flexible', 'EUR', 12000, $4) RETURNING id`,
    [tenant.id, property.id, room.id, policy.id],
  );
  return { apiKey: secret.secret, propertyId: property.id as string, roomTypeId: room.id as string, ratePlanId: plan.id as string };
}

function isoDay(offset: number): string {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function post(url: string, apiKey: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: ApiJson }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as ApiJson };
}

async function runChains(base: string, s: Awaited<ReturnType<typeof seed>>, delegation: string) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    let i = 0;
    while (Date.now() < deadline) {
      const start = performance.now();
      const day = 2 + ((w * 7919 + i++) % 300);
      const quote = await post(`${base}/v1/quotes`, s.apiKey, {
        hotel_id: s.propertyId,
        room_type_id: s.roomTypeId,
        rate_plan_id: s.ratePlanId,
        stay: { check_in: isoDay(day), check_out: isoDay(day + 2) },
        guests: { adults: 2 },
      });
      const hold = quote.status === 201 ? await post(`${base}/v1/holds`, s.apiKey, { quote_id: quote.json.data.quote_id }) : quote;
      const booking =
        hold.status === 201
          ? await post(
              `${base}/v1/bookings`,
              s.apiKey,
              {
                hold_id: hold.json.data.hold_id,
                quote_id: quote.json.data.quote_id,
                guest: { primary: { full_name: 'Bench Guest', email: 'bench@example.com', phone: '+33 1 00 00 00 00' } },
                payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
              },
              { 'idempotency-key': randomUUID(), 'x-delegated-user': delegation },
            )
          : hold;
      if (booking.status !== 201) {
        failures += 1;
        if (failures === 1) process.stderr.write(`first failure: ${booking.status} ${JSON.stringify(booking.json).slice(0, 300)}\n`);
      } else latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { chains: latencies.length, failures, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function pgbenchTps(): number {
  const url = new URL(`${PG}/${PGBENCH_DB}`);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  execFileSync('pgbench', ['-i', '-s', '1', '-q', ...args, PGBENCH_DB], {
    stdio: 'ignore',
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  });
  const out = execFileSync('pgbench', ['-N', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(SECONDS), ...args, PGBENCH_DB], {
    encoding: 'utf8',
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  });
  const match = /tps = ([\d.]+)/.exec(out);
  if (!match) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(match[1]);
}

async function main() {
  await ensureDatabase(DB_URL);
  await ensureDatabase(`${PG}/${PGBENCH_DB}`);
  const db = createDataSource({ databaseUrl: DB_URL, databasePoolSize: 2 });
  await db.initialize();
  await runMigrations(db);
  const seeded = await seed(db);
  await db.destroy();
  const cliEnv = { ...process.env, NODE_ENV: 'development', DATABASE_URL: DB_URL, REDIS_URL: REDIS, LOG_LEVEL: 'silent', DELEGATION_AUDIENCE: AUDIENCE };
  const delegation = execFileSync(
    process.execPath,
    [join(__dirname, '..', 'apps', 'cli', 'src', 'main.js'), 'delegation', 'mint', '--sub', 'bench-traveler', '--ttl', '3600'],
    {
      encoding: 'utf8',
      env: cliEnv,
    },
  ).trim();

  const port = await freePort();
  const api = spawn(process.execPath, [join(__dirname, '..', 'apps', 'api', 'src', 'main.js')], {
    // development: the demo delegation issuer is not trusted in production
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DELEGATION_AUDIENCE: AUDIENCE,
      DATABASE_URL: DB_URL,
      REDIS_URL: REDIS,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      QUEUE_PREFIX: 'hcs-bench',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 100) throw new Error('api did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    // warm-up
    await runChainsFor(base, seeded, 2);
    const chain = await runChains(base, seeded, delegation);
    api.kill('SIGTERM');
    const tps = pgbenchTps();
    const report = {
      chain: 'quote -> hold -> booking (delegation, sandbox payment)',
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      chains: chain.chains,
      failures: chain.failures,
      chains_per_second: Number(chain.perSecond.toFixed(1)),
      chain_p50_ms: Number(chain.p50.toFixed(1)),
      chain_p99_ms: Number(chain.p99.toFixed(1)),
      pgbench_N_tps: tps,
      pgbench_clients: PGBENCH_CLIENTS,
      ratio_chains_to_pgbench_tps: Number((chain.perSecond / tps).toFixed(4)),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (chain.chains === 0) throw new Error('no chain completed');
  } finally {
    api.kill('SIGTERM');
  }
}

async function runChainsFor(base: string, s: Awaited<ReturnType<typeof seed>>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const quote = await post(`${base}/v1/quotes`, s.apiKey, {
      hotel_id: s.propertyId,
      room_type_id: s.roomTypeId,
      rate_plan_id: s.ratePlanId,
      stay: { check_in: isoDay(400 - 40), check_out: isoDay(361) },
      guests: { adults: 1 },
    });
    if (quote.status !== 201) throw new Error(`warm-up quote failed: ${JSON.stringify(quote.json)}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
