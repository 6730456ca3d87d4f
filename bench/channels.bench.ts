/**
 * Channel benchmark: a burst of booking.confirmed events for one property with 3 channel
 * connections on a loopback channel manager, through a built worker (outbox relay + the
 * webhook-delivery queue's channel jobs). The receiver answers every OTA_HotelResNotifRQ with an
 * OTA_HotelResNotifRS <Success/>; the bench waits until every delivery is acknowledged in the
 * database and prints acknowledged deliveries per second.
 * Target on this machine size (docs/channels-out.md "Benchmark"): ≥ 300 deliveries/s per worker.
 *
 *   npm run build && npm run bench:channels
 *   env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_REDIS (redis://127.0.0.1:6379/13),
 *        BENCH_EVENTS (1000)
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../libs/platform/src/config/app-config';
import { SecretBox } from '../libs/platform/src/crypto/secret-box';
import { rowLabel } from '../libs/platform/src/crypto/master-key';
import { createDataSource } from '../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../libs/persistence/src/migration-runner';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/13';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const DB_URL = `${PG}/hcs_bench_channels`;
const SECRET_KEY = 'bench-only webhook secret key, 32+ characters long';
const CONNECTIONS = 3;

const ACK = (n: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Success/>` +
  `<HotelReservations><HotelReservation><ResGlobalInfo><HotelReservationIDs><HotelReservationID ResID_Type="10" ResID_Value="PMS-${n}"/>` +
  `</HotelReservationIDs></ResGlobalInfo></HotelReservation></HotelReservations></OTA_HotelResNotifRS>`;

/** A loopback channel manager that acknowledges every message. */
async function startReceiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'application/xml' }).end(ACK(received));
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, received: () => received, close: () => server.close() };
}

async function main() {
  await ensureDatabase(DB_URL);
  const db: DataSource = createDataSource({ databaseUrl: DB_URL, databasePoolSize: 4 });
  await db.initialize();
  await runMigrations(db);
  const box = new SecretBox(loadConfig({ WEBHOOK_SECRET_KEY: SECRET_KEY }));
  const [tenant] = await db.query(`INSERT INTO tenants (name) VALUES ('channel bench') RETURNING id`);
  const [property] = await db.query(
    `INSERT INTO properties (tenant_id, slug, name, default_currency) VALUES ($1, $2, 'Bench Hotel', 'EUR') RETURNING id, slug`,
    [tenant.id, `bench-${randomUUID().slice(0, 8)}`],
  );
  const [roomType] = await db.query(
    `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory) VALUES ($1, $2, 'DBL', 'Double', 2, 10) RETURNING id`,
    [tenant.id, property.id],
  );
  const [ratePlan] = await db.query(
    `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount) VALUES ($1, $2, $3, 'BAR', 'Best rate', 'EUR', 12000) RETURNING id`,
    [tenant.id, property.id, roomType.id],
  );
  const receiver = await startReceiver();
  for (let i = 0; i < CONNECTIONS; i++) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO channel_connections (tenant_id, id, property_id, url, auth_type, auth_username, auth_ciphertext) VALUES ($1, $2, $3, $4, 'basic', 'bench', $5)`,
      [tenant.id, id, property.id, `http://127.0.0.1:${receiver.port}/cm-${i}`, box.seal('bench-password', rowLabel('channel_connections', id))],
    );
  }
  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  const read = {
    state: 'confirmed',
    property_id: property.id,
    room_type_id: roomType.id,
    rate_plan_id: ratePlan.id,
    stay: { check_in: '2027-06-01', check_out: '2027-06-03' },
    guests: { adults: 2, children: [] },
    guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' } },
    price_breakdown: {
      currency: 'EUR',
      nights: [
        { date: '2027-06-01', amount: eur(12000) },
        { date: '2027-06-02', amount: eur(12000) },
      ],
      subtotal: eur(24000),
      taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(2400), included: false, payable: 'online' }],
      fees: [{ code: 'CITY', name: 'City tax', amount: eur(500), included: false, payable: 'at_property' }],
      total: eur(26900),
      payable_online: eur(26400),
      payable_at_property: eur(500),
    },
    created_at: new Date().toISOString(),
  };
  const worker = spawn(process.execPath, [join(__dirname, '..', 'apps', 'worker', 'src', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: DB_URL,
      REDIS_URL: REDIS,
      QUEUE_PREFIX: `hcs-bench-channels-${process.pid}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const insert = (n: number) =>
    db.query(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload)
       SELECT $1, 'booking.confirmed', 'booking', b.id, $2::jsonb || jsonb_build_object('booking_id', b.id)
         FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $3)) b`,
      [tenant.id, JSON.stringify(read), n],
    );
  const acknowledged = async () =>
    Number((await db.query(`SELECT count(*)::int AS n FROM channel_deliveries WHERE tenant_id = $1 AND state = 'succeeded'`, [tenant.id]))[0].n);
  const waitFor = async (target: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    let n = await acknowledged();
    while (n < target && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      n = await acknowledged();
    }
    return n;
  };

  try {
    await new Promise((r) => setTimeout(r, 3000));
    // Warm-up: connections, JIT, keep-alive sockets.
    await insert(20);
    const warm = await waitFor(20 * CONNECTIONS, 30_000);
    const started = Date.now();
    await insert(EVENTS);
    const done = await waitFor(warm + EVENTS * CONNECTIONS, 180_000);
    const seconds = (Date.now() - started) / 1000;
    const [{ failed }] = await db.query(`SELECT count(*) FILTER (WHERE state <> 'succeeded')::int AS failed FROM channel_deliveries WHERE tenant_id = $1`, [
      tenant.id,
    ]);
    const report = {
      events: EVENTS,
      connections: CONNECTIONS,
      acknowledged: done - warm,
      not_acknowledged: failed,
      seconds: Number(seconds.toFixed(2)),
      deliveries_per_second: Math.round((done - warm) / seconds),
      messages_received: receiver.received(),
      target: { deliveries_per_second: 300 },
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
