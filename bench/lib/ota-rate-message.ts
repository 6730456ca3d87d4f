import { issueSecret } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import type { DataSource } from 'typeorm';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { bookChain } from './chain-scenarios';
import { ChainFixture, isoDay } from './fixtures';
import { percentile } from './load';
import { countSqlStatements } from './sql-statement-counter';

export interface OtaRateMessage {
  room_types: number;
  rate_plans: number;
  /** Day-rates in the message (rate plans × days), each with party prices. */
  day_rates: number;
  bytes: number;
  /** SQL statements (round trips) of the measured message, BEGIN and COMMIT included. */
  statements: number;
  /** Wall time of the measured message, request to answer. */
  apply_ms: number;
  /** Day-rates the database holds for those plans afterwards (every one written). */
  written: number;
  /**
   * The same tenant's chain (quote → hold → booking, two at a time) alone, and while another such
   * message is applied: the bound is a p99 within 2 × its idle value (docs/channels.md "Performance").
   */
  chain_beside: { idle_p99_ms: number; loaded_p99_ms: number; loaded_chains: number; p99_ratio: number };
}

/** Chains two at a time until `until()` (and at least `minMs`), each one's duration kept; p99 of them. */
async function chainP99(base: string, fx: ChainFixture, minMs: number, until: () => boolean): Promise<{ p99_ms: number; chains: number }> {
  const latencies: number[] = [];
  const started = Date.now();
  let day = 200;
  const loop = async () => {
    while (Date.now() - started < minMs || !until()) {
      const t0 = performance.now();
      await bookChain(base, fx, 200 + (day++ % 120));
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all([loop(), loop()]);
  latencies.sort((a, b) => a - b);
  return { p99_ms: Number(percentile(latencies, 99).toFixed(2)), chains: latencies.length };
}

const NS = 'http://www.opentravel.org/OTA/2003/05';

/**
 * One `OTA_HotelRateAmountNotifRQ` of `days` days for `roomTypes` new room types × `plansPerRoom`
 * rate plans of the chain property (a channel manager's full year push), each night with amounts
 * for 1 and 2 adults, an extra adult and a child bracket, posted to an api in this process by a
 * channel of the property: statements counted at its `pg` client, after one warm-up message (the
 * channel credential's lookup is then kept) (docs/channels.md "Performance").
 */
export async function otaRateMessage(
  env: Record<string, string>,
  db: DataSource,
  fx: ChainFixture,
  roomTypes: number,
  plansPerRoom: number,
  days: number,
): Promise<OtaRateMessage> {
  const [{ slug }] = await db.query(`SELECT slug FROM properties WHERE tenant_id = $1 AND id = $2`, [fx.tenantId, fx.propertyId]);
  const tag = Math.random().toString(36).slice(2, 8);
  const rooms: Array<{ id: string; code: string }> = await db.query(
    `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory)
     SELECT $1, $2, 'OTA' || i || '-' || $4, 'OTA room ' || i, 3, 5 FROM generate_series(1, $3::int) AS i
     RETURNING id, code`,
    [fx.tenantId, fx.propertyId, roomTypes, tag],
  );
  const plans: Array<{ room_type_id: string; code: string }> = await db.query(
    `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount)
     SELECT $1, $2, r.id, 'P' || j, 'OTA plan ' || j, 'EUR', 12000 FROM unnest($3::uuid[]) AS r(id) CROSS JOIN generate_series(1, $4::int) AS j
     RETURNING room_type_id, code`,
    [fx.tenantId, fx.propertyId, rooms.map((r) => r.id), plansPerRoom],
  );
  const [channel] = await db.query(
    `INSERT INTO principals (tenant_id, kind, name, scopes) VALUES ($1, 'channel', 'bench channel', '{ari:write}') RETURNING id`,
    [fx.tenantId],
  );
  await db.query(`INSERT INTO channel_properties (tenant_id, channel_id, property_id) VALUES ($1, $2, $3)`, [fx.tenantId, channel.id, fx.propertyId]);
  const secret = issueSecret('channel');
  await db.query(`INSERT INTO credentials (tenant_id, principal_id, secret_hash, secret_prefix) VALUES ($1, $2, $3, $4)`, [
    fx.tenantId,
    channel.id,
    secret.hash,
    secret.prefix,
  ]);
  const codeOf = new Map(rooms.map((r) => [r.id, r.code]));
  const message = (token: string, amount: number) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelRateAmountNotifRQ xmlns="${NS}" EchoToken="${token}" TimeStamp="${new Date().toISOString()}" Version="1.0">` +
    `<RateAmountMessages HotelCode="${slug}">` +
    plans
      .map(
        (p) =>
          `<RateAmountMessage><StatusApplicationControl Start="${isoDay(1)}" End="${isoDay(days)}" InvTypeCode="${codeOf.get(p.room_type_id)}" RatePlanCode="${p.code}"/>` +
          `<Rates><Rate CurrencyCode="EUR"><BaseByGuestAmts><BaseByGuestAmt NumberOfGuests="1" AmountBeforeTax="${amount - 20}.00"/>` +
          `<BaseByGuestAmt NumberOfGuests="2" AmountBeforeTax="${amount}.00"/></BaseByGuestAmts>` +
          `<AdditionalGuestAmounts><AdditionalGuestAmount AgeQualifyingCode="10" Amount="25.00"/><AdditionalGuestAmount AgeQualifyingCode="8" MaxAge="11" Amount="10.00"/></AdditionalGuestAmounts>` +
          `</Rate></Rates></RateAmountMessage>`,
      )
      .join('') +
    `</RateAmountMessages></OTA_HotelRateAmountNotifRQ>`;
  const app = await createApiApp(loadConfig({ ...process.env, ...env }), {});
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const counter = countSqlStatements();
  const post = async (xml: string) => {
    const res = await fetch(`${base}/ota/v1/OTA_HotelRateAmountNotifRQ`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret.secret}`, 'content-type': 'application/xml' },
      body: xml,
    });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('<Success/>')) throw new Error(`OTA rate message answered ${res.status}: ${text.slice(0, 500)}`);
  };
  try {
    await post(message(`warm-${tag}`, 100));
    const ofPlans = `FROM daily_rates d JOIN rate_plans p ON p.tenant_id = d.tenant_id AND p.id = d.rate_plan_id WHERE d.tenant_id = $1 AND p.room_type_id = ANY($2::uuid[])`;
    const ids = rooms.map((r) => r.id);
    const [{ warm }] = await db.query(`SELECT max(d.amount)::bigint AS warm ${ofPlans}`, [fx.tenantId, ids]);
    const xml = message(`run-${tag}`, 120);
    counter.reset();
    const started = performance.now();
    await post(xml);
    const applyMs = performance.now() - started;
    const statements = counter.statements.length;
    // Every night of the measured message carries its higher amount (the warm-up's were lower).
    const [written] = await db.query(`SELECT count(*)::int AS n ${ofPlans} AND d.amount > $3`, [fx.tenantId, ids, warm]);
    counter.restore();
    // The tenant's chain alone, then beside a third message (not counted above).
    await chainP99(base, fx, 500, () => true);
    const idle = await chainP99(base, fx, 3000, () => true);
    let applying = true;
    const beside = chainP99(base, fx, 0, () => !applying);
    await post(message(`beside-${tag}`, 140)).finally(() => (applying = false));
    const loaded = await beside;
    return {
      room_types: rooms.length,
      rate_plans: plans.length,
      day_rates: plans.length * days,
      bytes: Buffer.byteLength(xml),
      statements,
      apply_ms: Math.round(applyMs),
      written: written.n,
      chain_beside: {
        idle_p99_ms: idle.p99_ms,
        loaded_p99_ms: loaded.p99_ms,
        loaded_chains: loaded.chains,
        p99_ratio: Number((loaded.p99_ms / idle.p99_ms).toFixed(2)),
      },
    };
  } finally {
    counter.restore();
    await app.close();
  }
}
