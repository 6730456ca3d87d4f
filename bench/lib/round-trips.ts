import { randomUUID } from 'node:crypto';
import { CatalogChangeFeed } from '@hcs/persistence';
import { loadConfig } from '@hcs/platform';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ChainFixture, isoDay } from './fixtures';
import { countSqlStatements } from './sql-statement-counter';

export interface RoundTrips {
  quote: number;
  hold: number;
  booking: number;
  chain: number;
}

/**
 * SQL statements of one quote -> hold -> booking, counted at the `pg` client of an api running in
 * this process (same build, same database), after one warm-up chain (its quote keeps the rate plan's
 * catalog and the daily rates of its block of nights, so the counted quote is priced from memory).
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
    const h = await call('/v1/holds', { quote_id: q.data.quote_id }, { 'idempotency-key': randomUUID() });
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
    // The warm-up keeps the rate plan's catalog for the next quote once the process hears catalog changes (docs/catalog.md).
    const feed = app.get(CatalogChangeFeed);
    for (const started = Date.now(); feed.versionOf(fx.tenantId) === null && Date.now() - started < 10_000;) await new Promise((r) => setTimeout(r, 10));
    await chain(320);
    return await chain(320);
  } finally {
    counter.restore();
    await app.close();
  }
}
