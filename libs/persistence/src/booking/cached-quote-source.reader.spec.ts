import { plusDays, type QuoteSource, type QuoteSourceQuery } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import type { CatalogChangeFeed } from '../catalog/catalog-change-feed';
import { PROPERTY_CACHE_MS } from '../catalog/cached-property-catalog.reader';
import { FakeCatalogChangeFeed } from '../catalog/fake-catalog-change-feed';
import { CachedQuoteSourceReader, QUOTE_SOURCE_BLOCK_NIGHTS, QUOTE_SOURCE_BLOCKS, QUOTE_SOURCE_ENTRIES } from './cached-quote-source.reader';
import type { NightWindow, SqlQuoteSourceReader } from './sql-quote-source.reader';

/** Rates on the even days of the month: 10,000 + the day. */
const rateOf = (night: string) => (Number(night.slice(8)) % 2 === 0 ? 10_000 + Number(night.slice(8)) : undefined);
/** Closed to departure on the days of the month that are multiples of 5, as the SQL reader reads restrictions: its window's last date included. */
const closedOn = (date: string) => Number(date.slice(8)) % 5 === 0;

/** The SQL reader: a fresh answer per read with the window's rates, and a hook run while the read is in flight. */
class FakeSource {
  reads = 0;
  windows: Array<NightWindow | null> = [];
  known = true;
  during: () => void = () => undefined;
  async readWindow(_tenantId: string, query: Omit<QuoteSourceQuery, 'nights'>, window: NightWindow | null): Promise<QuoteSource> {
    this.reads += 1;
    this.windows.push(window);
    this.during();
    const dailyRates: Record<string, number> = {};
    for (let night = window?.from; window && night && night < window.to; night = plusDays(night, 1)) {
      const rate = rateOf(night);
      if (rate !== undefined) dailyRates[night] = rate;
    }
    const restrictions: Record<string, { closed_to_departure: true }> = {};
    for (let date = window?.from; window && date && date <= window.to; date = plusDays(date, 1))
      if (closedOn(date)) restrictions[date] = { closed_to_departure: true };
    return {
      property: this.known
        ? {
            id: query.propertyId,
            timezone: 'Europe/Paris',
            checkinTime: '15:00',
            taxes: [{ code: 'VAT', rate_bps: 1000 }],
            fees: [],
            currency: 'EUR',
            localRate: null,
          }
        : null,
      roomType: this.known ? { id: query.roomTypeId, maxOccupancy: 2 } : null,
      ratePlan: this.known ? { id: query.ratePlanId, currency: 'EUR', baseRateAmount: 12_000 + this.reads, policyId: 'pol', occupancyPricing: null } : null,
      policy: null,
      dailyRates,
      restrictions,
      dailyOccupancy: {},
    };
  }
  /** The stay's own nights, as the SQL reader reads them. */
  read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource> {
    const { nights } = query;
    return this.readWindow(tenantId, query, nights.length > 0 ? { from: nights[0], to: plusDays(nights[nights.length - 1], 1) } : null);
  }
}

/** The first night of a block of nights (counted from 1970-01-01 by QUOTE_SOURCE_BLOCK_NIGHTS). */
const BLOCK = '2099-02-21';
const nightsFrom = (first: string, count: number) => Array.from({ length: count }, (_, i) => plusDays(first, i));
const query = (first: string, count = 2, ratePlanId = 'rp1'): QuoteSourceQuery => ({
  propertyId: 'p1',
  roomTypeId: 'rt1',
  ratePlanId,
  nights: nightsFrom(first, count),
});

describe('CachedQuoteSourceReader', () => {
  let feed: FakeCatalogChangeFeed;
  let source: FakeSource;
  const readerWith = (env: Record<string, string> = {}) =>
    new CachedQuoteSourceReader(source as unknown as SqlQuoteSourceReader, feed as unknown as CatalogChangeFeed, loadConfig(env));

  beforeEach(() => {
    feed = new FakeCatalogChangeFeed();
    source = new FakeSource();
  });
  afterEach(() => jest.useRealTimers());

  it(`reads the rates of the stay's ${QUOTE_SOURCE_BLOCK_NIGHTS}-night block and the next, then prices every stay starting in the block from memory, with the rates of its own nights only`, async () => {
    const reader = readerWith();
    // 2099-03-04 is day 47,179 after 1970-01-01, 1,474 blocks of 32 and 11 days: its block starts on 2099-02-21.
    const first = await reader.read('t1', query('2099-03-04', 3));
    expect(source.windows).toEqual([{ from: BLOCK, to: plusDays(BLOCK, 2 * QUOTE_SOURCE_BLOCK_NIGHTS) }]);
    expect(first.dailyRates).toEqual({ '2099-03-04': 10_004, '2099-03-06': 10_006 });

    const longest = await reader.read('t1', query(BLOCK, 30));
    const later = await reader.read('t1', query(plusDays(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS - 1), 30));
    expect(source.reads).toBe(1);
    expect(Object.keys(longest.dailyRates)).toHaveLength(15);
    const laterNights = nightsFrom(plusDays(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS - 1), 30);
    expect(later).toEqual({
      ...first,
      dailyRates: Object.fromEntries(laterNights.flatMap((n) => (rateOf(n) ? [[n, rateOf(n)]] : []))),
      restrictions: Object.fromEntries(nightsFrom(laterNights[0], 31).flatMap((d) => (closedOn(d) ? [[d, { closed_to_departure: true }]] : []))),
    });
    expect(later.ratePlan).toBe(first.ratePlan);
    expect(Object.isFrozen(later.property)).toBe(true);
    expect(Object.isFrozen(later.property?.taxes)).toBe(true);

    // The next block is read on its first quote, then kept beside the first.
    await reader.read('t1', query(plusDays(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS)));
    expect(source.reads).toBe(2);
    await reader.read('t1', query(plusDays(BLOCK, 2 * QUOTE_SOURCE_BLOCK_NIGHTS - 1)));
    await reader.read('t1', query(plusDays(BLOCK, 3)));
    expect(source.reads).toBe(2);
    // A stay longer than a block is never answered from the copy.
    await reader.read('t1', query(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS + 1));
    expect(source.reads).toBe(3);
  });

  it("answers from memory the restrictions of the stay's own dates, its check-out date included", async () => {
    const reader = readerWith();
    const miss = await reader.read('t1', query('2099-03-04', 6));
    // nights 03-04..03-09, check-out 03-10
    expect(miss.restrictions).toEqual({ '2099-03-05': { closed_to_departure: true }, '2099-03-10': { closed_to_departure: true } });
    const hit = await reader.read('t1', query('2099-03-06', 4));
    expect(source.reads).toBe(1);
    expect(hit.restrictions).toEqual({ '2099-03-10': { closed_to_departure: true } });
    // the longest stay starting at the block's end reads its check-out date from the window, not past it
    const last = await reader.read('t1', query(plusDays(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS - 1), 30));
    expect(source.reads).toBe(1);
    expect(Object.keys(last.restrictions)).toEqual(nightsFrom(plusDays(BLOCK, QUOTE_SOURCE_BLOCK_NIGHTS - 1), 31).filter(closedOn));
  });

  it(`keeps ${QUOTE_SOURCE_BLOCKS} blocks per rate plan, and starts over past them`, async () => {
    const reader = readerWith();
    const firsts = Array.from({ length: QUOTE_SOURCE_BLOCKS }, (_, i) => plusDays(BLOCK, i * QUOTE_SOURCE_BLOCK_NIGHTS));
    for (const first of firsts) await reader.read('t1', query(first));
    expect(source.reads).toBe(QUOTE_SOURCE_BLOCKS);
    for (const first of firsts) await reader.read('t1', query(plusDays(first, 5)));
    expect(source.reads).toBe(QUOTE_SOURCE_BLOCKS);

    const beyond = plusDays(BLOCK, QUOTE_SOURCE_BLOCKS * QUOTE_SOURCE_BLOCK_NIGHTS);
    await reader.read('t1', query(beyond));
    await reader.read('t1', query(beyond));
    expect(source.reads).toBe(QUOTE_SOURCE_BLOCKS + 1);
    await reader.read('t1', query(firsts[0]));
    expect(source.reads).toBe(QUOTE_SOURCE_BLOCKS + 2);
  });

  it("reads again once the tenant's catalog changes, and keeps rate plans and tenants apart", async () => {
    const reader = readerWith();
    await reader.read('t1', query('2099-03-01'));
    await reader.read('t2', query('2099-03-01'));
    await reader.read('t1', query('2099-03-01', 2, 'rp2'));
    expect(source.reads).toBe(3);

    feed.change('t2');
    await reader.read('t1', query('2099-03-05'));
    expect(source.reads).toBe(3);
    feed.change('t1');
    const after = await reader.read('t1', query('2099-03-05'));
    expect(source.reads).toBe(4);
    expect(after.ratePlan?.baseRateAmount).toBe(12_004);
  });

  it('does not keep a read that raced a change: the change may have come after the rows were read', async () => {
    const reader = readerWith();
    source.during = () => {
      feed.change('t1');
      source.during = () => undefined;
    };
    await reader.read('t1', query('2099-03-01'));
    await reader.read('t1', query('2099-03-01'));
    await reader.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(2);
  });

  it('keeps nothing while changes cannot be heard, and never keeps ids that name no rate plan', async () => {
    const reader = readerWith();
    feed.hearing = false;
    await reader.read('t1', query('2099-03-01'));
    await reader.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(2);

    feed.hearing = true;
    source.known = false;
    await expect(reader.read('t1', query('2099-03-01', 2, 'rp9'))).resolves.toMatchObject({ property: null, ratePlan: null });
    await reader.read('t1', query('2099-03-01', 2, 'rp9'));
    expect(source.reads).toBe(4);
  });

  it('answers a stay of no nights (refused by the use case) from the copy, and reads no rates for it on a miss', async () => {
    const reader = readerWith();
    await expect(reader.read('t1', query('2099-03-01', 0))).resolves.toMatchObject({ dailyRates: {} });
    expect(source.windows).toEqual([null]);
    await reader.read('t1', query('2099-03-01', 0));
    expect(source.reads).toBe(1);
  });

  it(`answers from a copy for ${PROPERTY_CACHE_MS / 1000} s at most, and no longer than the replica's allowed lag when one is configured`, async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const reader = readerWith();
    await reader.read('t1', query('2099-03-01'));
    jest.setSystemTime(1_000_000 + PROPERTY_CACHE_MS - 1);
    await reader.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(1);
    jest.setSystemTime(1_000_000 + PROPERTY_CACHE_MS);
    await reader.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(2);

    const replicated = readerWith({ DATABASE_READ_URL: 'postgres://replica.invalid/db', DATABASE_READ_MAX_LAG_SECONDS: '2' });
    jest.setSystemTime(2_000_000);
    await replicated.read('t1', query('2099-03-01'));
    jest.setSystemTime(2_001_999);
    await replicated.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(3);
    jest.setSystemTime(2_002_000);
    await replicated.read('t1', query('2099-03-01'));
    expect(source.reads).toBe(4);
  });

  it(`keeps ${QUOTE_SOURCE_ENTRIES} rate plans at most, dropping the oldest`, async () => {
    const reader = readerWith();
    for (let i = 0; i <= QUOTE_SOURCE_ENTRIES; i += 1) await reader.read('t1', query('2099-03-01', 2, `rp${i}`));
    expect(source.reads).toBe(QUOTE_SOURCE_ENTRIES + 1);

    await reader.read('t1', query('2099-03-01', 2, `rp${QUOTE_SOURCE_ENTRIES}`));
    await reader.read('t1', query('2099-03-01', 2, 'rp1'));
    expect(source.reads).toBe(QUOTE_SOURCE_ENTRIES + 1);
    await reader.read('t1', query('2099-03-01', 2, 'rp0'));
    expect(source.reads).toBe(QUOTE_SOURCE_ENTRIES + 2);
  });
});
