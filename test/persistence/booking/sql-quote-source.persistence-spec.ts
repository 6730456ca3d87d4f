import { Client, type Notification } from 'pg';
import { DailyRateRepository, plusDays, QuoteSourceReader, StayRestrictionRepository } from '@hcs/domain';
import { CATALOG_CHANNEL, CatalogChangeFeed, SqlQuoteSourceReader } from '@hcs/persistence';
import { AppConfig } from '@hcs/platform';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

const FIRST = '2099-06-01';

describe('the quote source and its daily rates (real Postgres, LISTEN)', () => {
  let tier: PersistenceTier;
  let chain: SeededChain;
  const ids = () => ({ propertyId: chain.property.id, roomTypeId: chain.roomType.id, ratePlanId: chain.ratePlan.id });
  const until = async (condition: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 250 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await condition()).toBe(true);
  };
  /** One statement setting `amount` on `count` nights from FIRST. */
  const setRates = (count: number, amount: number) =>
    tier.query(
      `INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount)
       SELECT $1, $2, $3::date + i, $4 FROM generate_series(0, $5 - 1) AS i
       ON CONFLICT (tenant_id, rate_plan_id, night) DO UPDATE SET amount = EXCLUDED.amount`,
      [chain.tenantId, chain.ratePlan.id, FIRST, amount, count],
    );

  beforeAll(async () => {
    tier = await startPersistenceTier();
    chain = await seedChain(tier);
    await tier.query(`UPDATE properties SET promoted_at = now() WHERE tenant_id = $1 AND id = $2`, [chain.tenantId, chain.property.id]);
  });
  afterAll(() => tier.close());

  it("reads the rates of a window's nights only, and the stay's own nights for a quote", async () => {
    await setRates(10, 15_000);
    const sql = tier.get(SqlQuoteSourceReader);

    const window = await sql.readWindow(chain.tenantId, ids(), { from: plusDays(FIRST, 2), to: plusDays(FIRST, 5) });
    expect(window.dailyRates).toEqual({ [plusDays(FIRST, 2)]: 15_000, [plusDays(FIRST, 3)]: 15_000, [plusDays(FIRST, 4)]: 15_000 });
    expect(window.ratePlan).toMatchObject({ id: chain.ratePlan.id, baseRateAmount: 10_000 });
    const stay = await sql.read(chain.tenantId, { ...ids(), nights: [plusDays(FIRST, 9), plusDays(FIRST, 10)] });
    expect(stay.dailyRates).toEqual({ [plusDays(FIRST, 9)]: 15_000 });
    const other = await seedChain(tier);
    await expect(sql.read(other.tenantId, { ...ids(), nights: [FIRST] })).resolves.toMatchObject({ property: null, dailyRates: {} });
  });

  it("reads the stay restrictions of the stay's dates, its check-out date included, in the same statement", async () => {
    const restrictions = tier.get(StayRestrictionRepository);
    await restrictions.setRestrictions(chain.tenantId, chain.ratePlan.id, {
      range: { from: plusDays(FIRST, 20), to: plusDays(FIRST, 22) },
      daysOfWeek: null,
      values: { closed_to_departure: true, min_stay_arrival: 2 },
    });
    const sql = tier.get(SqlQuoteSourceReader);

    const stay = await sql.read(chain.tenantId, { ...ids(), nights: [plusDays(FIRST, 18), plusDays(FIRST, 19)] });
    expect(stay.restrictions).toEqual({ [plusDays(FIRST, 20)]: { closed_to_departure: true, min_stay_arrival: 2 } });
    const after = await sql.read(chain.tenantId, { ...ids(), nights: [plusDays(FIRST, 23)] });
    expect(after.restrictions).toEqual({});
    const window = await sql.readWindow(chain.tenantId, ids(), { from: plusDays(FIRST, 21), to: plusDays(FIRST, 30) });
    expect(Object.keys(window.restrictions)).toEqual([plusDays(FIRST, 21), plusDays(FIRST, 22)]);
  });

  it('notifies the catalog channel once per tenant for a statement that writes many nights', async () => {
    const client = new Client({ connectionString: tier.get(AppConfig).databaseUrl });
    await client.connect();
    const heard: string[] = [];
    client.on('notification', (n: Notification) => heard.push(n.payload ?? ''));
    try {
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      await setRates(60, 16_000);
      await tier.query(`DELETE FROM daily_rates WHERE tenant_id = $1 AND rate_plan_id = $2 AND night >= $3::date + 50`, [
        chain.tenantId,
        chain.ratePlan.id,
        FIRST,
      ]);
      await until(() => heard.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // the upsert's inserted and updated rows notify once (Postgres folds identical notifications of a transaction), the delete once
      expect(heard).toEqual([chain.tenantId, chain.tenantId]);
    } finally {
      await client.end();
    }
  });

  it('prices from memory until a daily rate written anywhere changes, heard through Postgres', async () => {
    const reader = tier.get(QuoteSourceReader);
    const feed = tier.get(CatalogChangeFeed);
    feed.versionOf(chain.tenantId);
    await until(() => feed.versionOf(chain.tenantId) !== null);
    const nights = [plusDays(FIRST, 1), plusDays(FIRST, 2)];
    await setRates(5, 17_000);
    await until(async () => (await reader.read(chain.tenantId, { ...ids(), nights })).dailyRates[nights[0]] === 17_000);

    const kept = await reader.read(chain.tenantId, { ...ids(), nights });
    await expect(reader.read(chain.tenantId, { ...ids(), nights })).resolves.toEqual(kept);
    expect(Object.isFrozen(kept.ratePlan)).toBe(true);

    await setRates(5, 18_000);
    await until(async () => (await reader.read(chain.tenantId, { ...ids(), nights })).dailyRates[nights[0]] === 18_000);
  });

  it("reads the plan's occupancy pricing, the nights' party prices and the FX rate into the property's currency in the same statement", async () => {
    const other = await seedChain(tier);
    await tier.query(`UPDATE properties SET promoted_at = now(), default_currency = 'JPY' WHERE tenant_id = $1 AND id = $2`, [
      other.tenantId,
      other.property.id,
    ]);
    await tier.query(`UPDATE rate_plans SET occupancy_pricing = $3::jsonb WHERE tenant_id = $1 AND id = $2`, [
      other.tenantId,
      other.ratePlan.id,
      JSON.stringify({ extra_adult: 2500, child_rates: [{ max_age: 11, amount: 1000 }] }),
    ]);
    const rates = tier.get(DailyRateRepository);
    await rates.setRates(other.tenantId, other.ratePlan.id, { from: FIRST, to: plusDays(FIRST, 1) }, 12_000, {
      by_adults: { '3': 20_000 },
      child_rates: [{ max_age: 17, amount: 500 }],
    });
    await rates.setRates(other.tenantId, other.ratePlan.id, { from: plusDays(FIRST, 2), to: plusDays(FIRST, 2) }, 13_000);
    await tier.query(
      `INSERT INTO fx_rates (tenant_id, base, quote, rate, updated_at) VALUES (NULL, 'JPY', 'EUR', 0.005, now()), ($1, 'JPY', 'EUR', 0.004, now())`,
      [other.tenantId],
    );
    const sql = tier.get(SqlQuoteSourceReader);
    const query = {
      propertyId: other.property.id,
      roomTypeId: other.roomType.id,
      ratePlanId: other.ratePlan.id,
      nights: [FIRST, plusDays(FIRST, 1), plusDays(FIRST, 2)],
    };
    const source = await sql.read(other.tenantId, query);
    expect(source.ratePlan?.occupancyPricing).toEqual({ extra_adult: 2500, child_rates: [{ max_age: 11, amount: 1000 }] });
    expect(source.dailyRates).toEqual({ [FIRST]: 12_000, [plusDays(FIRST, 1)]: 12_000, [plusDays(FIRST, 2)]: 13_000 });
    const night = { by_adults: { '3': 20_000 }, extra_adult: null, child_rates: [{ max_age: 17, amount: 500 }] };
    expect(source.dailyOccupancy).toEqual({ [FIRST]: night, [plusDays(FIRST, 1)]: night });
    // the tenant's own inverse row: 1 EUR = 1 / 0.004 JPY
    expect(source.property).toMatchObject({ currency: 'JPY', localRate: 250 });
    const listed = await rates.listRates(other.tenantId, { ...other.ratePlan, baseRate: { amount: 1, currency: 'EUR' } } as never, {
      from: FIRST,
      to: plusDays(FIRST, 2),
    });
    expect(listed.map((n) => [n.by_adults, n.extra_adult, n.child_rates])).toEqual([
      [{ '3': 20_000 }, null, [{ max_age: 17, amount: 500 }]],
      [{ '3': 20_000 }, null, [{ max_age: 17, amount: 500 }]],
      [null, null, null],
    ]);

    // the copy kept in memory answers the same nights' party prices
    const reader = tier.get(QuoteSourceReader);
    const feed = tier.get(CatalogChangeFeed);
    feed.versionOf(other.tenantId);
    await until(() => feed.versionOf(other.tenantId) !== null);
    await reader.read(other.tenantId, query);
    await expect(reader.read(other.tenantId, { ...query, nights: [plusDays(FIRST, 1), plusDays(FIRST, 2)] })).resolves.toMatchObject({
      dailyOccupancy: { [plusDays(FIRST, 1)]: night },
    });
    await expect(sql.read(chain.tenantId, { ...ids(), nights: [FIRST] })).resolves.toMatchObject({ property: { localRate: null }, dailyOccupancy: {} });
  });
});
