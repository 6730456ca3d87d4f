/**
 * Webhook benchmark: 1,000 events to 3 endpoints on a loopback receiver, through a built worker
 * (outbox relay + webhook delivery), twice:
 *   - burst: the 1,000 events committed at once → deliveries per second until the last receipt;
 *   - paced: the 1,000 events committed one by one at BENCH_EVENTS_PER_SECOND → p50/p99 from each
 *     event's commit to its receipt at the receiver (every signature verified there).
 * Target on this machine size (docs/events.md "Benchmark"): ≥ 300 deliveries/s, p99 < 2 s.
 *
 *   npm run build && npm run bench:webhooks
 *   env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_REDIS (redis://127.0.0.1:6379/13),
 *        BENCH_EVENTS (1000), BENCH_EVENTS_PER_SECOND (100, i.e. 300 deliveries/s offered)
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { newWebhookSecret } from '../libs/domain/src/webhooks/rules/webhook-secret';
import { loadConfig } from '../libs/platform/src/config/app-config';
import { SecretBox } from '../libs/platform/src/crypto/secret-box';
import { rowLabel } from '../libs/platform/src/crypto/master-key';
import { createDataSource } from '../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../libs/persistence/src/migration-runner';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/13';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const RATE = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 100);
const DB_URL = `${PG}/hcs_bench_webhooks`;
const SECRET_KEY = 'bench-only webhook secret key, 32+ characters long';
const ENDPOINTS = 3;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** Receipt time per `<path> <webhook-id>`; a signature that does not verify stops the bench. */
async function startReceiver(secrets: Map<string, string>) {
  const receipts = new Map<string, number>();
  let duplicates = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      new Webhook(secrets.get(path) as string).verify(body, req.headers as Record<string, string>);
      const key = `${path} ${String(req.headers['webhook-id'])}`;
      if (receipts.has(key)) duplicates += 1;
      else receipts.set(key, at);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, receipts, duplicates: () => duplicates, close: () => server.close() };
}

async function waitFor(probe: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!probe() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return probe();
}

async function main() {
  await ensureDatabase(DB_URL);
  const db: DataSource = createDataSource({ databaseUrl: DB_URL, databasePoolSize: 4 });
  await db.initialize();
  await runMigrations(db);
  const box = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: SECRET_KEY }));
  const [tenant] = await db.query(`INSERT INTO tenants (name) VALUES ('webhook bench') RETURNING id`);
  const secrets = new Map<string, string>();
  const receiver = await startReceiver(secrets);
  for (let i = 0; i < ENDPOINTS; i++) {
    const secret = newWebhookSecret();
    secrets.set(`/hook-${i}`, secret);
    const id = randomUUID();
    await db.query(`INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret_ciphertext) VALUES ($1, $2, $3, '{booking.confirmed}', $4)`, [
      id,
      tenant.id,
      `http://127.0.0.1:${receiver.port}/hook-${i}`,
      box.seal(secret, rowLabel('webhook_endpoints', id)),
    ]);
  }
  const worker = spawn(process.execPath, [join(__dirname, '..', 'apps', 'worker', 'src', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: DB_URL,
      REDIS_URL: REDIS,
      QUEUE_PREFIX: `hcs-bench-webhooks-${process.pid}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise((r) => setTimeout(r, 3000));
  const insert = (n: number) =>
    db.query(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload)
       SELECT $1, 'booking.confirmed', 'booking', gen_random_uuid(), jsonb_build_object('booking_id', gen_random_uuid(), 'state', 'confirmed') FROM generate_series(1, $2)
       RETURNING id`,
      [tenant.id, n],
    ) as Promise<Array<{ id: string }>>;
  const latencies = (committed: Map<string, number>) =>
    [...receiver.receipts.entries()].filter(([key]) => committed.has(key.split(' ')[1])).map(([key, at]) => at - (committed.get(key.split(' ')[1]) as number));

  try {
    // Warm-up: connections, JIT, keep-alive sockets.
    await insert(20);
    await waitFor(() => receiver.receipts.size >= 20 * ENDPOINTS, 20_000);

    // Burst.
    receiver.receipts.clear();
    const burstStart = Date.now();
    const burst = await insert(EVENTS);
    const burstCommitted = new Map(burst.map((r) => [r.id, Date.now()]));
    const burstDone = await waitFor(() => receiver.receipts.size >= EVENTS * ENDPOINTS, 120_000);
    const burstLast = Math.max(...receiver.receipts.values());
    const burstSeconds = (burstLast - burstStart) / 1000;
    const burstLat = latencies(burstCommitted).sort((a, b) => a - b);

    // Paced.
    receiver.receipts.clear();
    const paced = new Map<string, number>();
    const pacedStart = Date.now();
    for (let i = 0; i < EVENTS; i++) {
      const due = pacedStart + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const [row] = await insert(1);
      paced.set(row.id, Date.now());
    }
    const pacedDone = await waitFor(() => receiver.receipts.size >= EVENTS * ENDPOINTS, 120_000);
    const pacedLat = latencies(paced).sort((a, b) => a - b);
    const pacedSeconds = (Math.max(...receiver.receipts.values()) - pacedStart) / 1000;

    const report = {
      events: EVENTS,
      endpoints: ENDPOINTS,
      burst: {
        complete: burstDone,
        deliveries: burstLat.length,
        seconds: Number(burstSeconds.toFixed(2)),
        deliveries_per_second: Math.round(burstLat.length / burstSeconds),
        p50_ms: percentile(burstLat, 50),
        p99_ms: percentile(burstLat, 99),
      },
      paced: {
        complete: pacedDone,
        events_per_second_offered: RATE,
        deliveries: pacedLat.length,
        deliveries_per_second: Math.round(pacedLat.length / pacedSeconds),
        p50_ms: percentile(pacedLat, 50),
        p99_ms: percentile(pacedLat, 99),
      },
      duplicates: receiver.duplicates(),
      target: { deliveries_per_second: 300, p99_ms_below: 2000 },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    worker.kill('SIGTERM');
    receiver.close();
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
