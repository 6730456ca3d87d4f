import { FeedReader, FeedScope } from '../feed.reader';
import type { FeedAriProperty, FeedFreshness, FeedListing } from '../feed.types';
import { AriDocument, GetAriFeed } from './get-ari-feed.use-case';
import { GetHotelListFeed, HotelListDocument } from './get-hotel-list-feed.use-case';

const TENANT = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-23T12:00:00Z');

const property = (id: string, over: Partial<FeedAriProperty> = {}): FeedAriProperty => ({
  id,
  timezone: 'Europe/Lisbon',
  checkinTime: '14:00',
  taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000 }],
  fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 500, per: 'stay' }],
  roomTypes: [{ id: `${id}-rt`, name: 'Double', maxOccupancy: 2, defaultInventory: 3 }],
  ratePlans: [
    {
      id: `${id}-flex`,
      roomTypeId: `${id}-rt`,
      name: 'Flexible',
      currency: 'EUR',
      baseRateAmount: 10000,
      cancellationKind: 'free_cancellation',
      freeCancellationHoursBeforeCheckin: 24,
    },
  ],
  dailyRates: {},
  inventory: {},
  ...over,
});

/** A FeedReader over fixed rows that records what was read. */
class FakeFeedReader extends FeedReader {
  reads: string[] = [];
  constructor(
    private readonly stamps: FeedFreshness,
    private readonly rows: FeedAriProperty[] = [],
  ) {
    super();
  }
  async freshness(tenantId: string, scope: FeedScope): Promise<FeedFreshness> {
    this.reads.push(`freshness:${scope}`);
    return tenantId === TENANT ? this.stamps : { lastChange: null, fingerprint: '0', timezones: [] };
  }
  async *listings(tenantId: string): AsyncIterable<FeedListing[]> {
    this.reads.push('listings');
    if (tenantId === TENANT) yield [];
  }
  async *ariProperties(tenantId: string, window: { from: string; to: string } | null): AsyncIterable<FeedAriProperty[]> {
    this.reads.push(window ? `nights:${window.from}..${window.to}` : 'properties');
    if (tenantId === TENANT) yield this.rows;
  }
}

async function collect<T>(iterable: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of iterable) out.push(...batch);
  return out;
}

describe('GetAriFeed', () => {
  const stamps: FeedFreshness = { lastChange: new Date('2026-11-23T09:30:00.400Z'), fingerprint: '1|2|3|4', timezones: ['Europe/Lisbon'] };

  it('answers a matching If-None-Match from the stamps alone, without reading rates or inventory', async () => {
    const reader = new FakeFeedReader(stamps, [property('p1')]);
    const feed = new GetAriFeed(reader);
    const first = await feed.execute({ tenantId: TENANT, days: 3, conditional: {}, now: NOW });
    reader.reads = [];
    const again = await feed.execute({ tenantId: TENANT, days: 3, conditional: { ifNoneMatch: first.validators.etag }, now: NOW });
    expect(again).toEqual({ validators: first.validators, notModified: true });
    expect(reader.reads).toEqual(['freshness:ari']);
  });

  it('takes Last-Modified from the latest stamp or the start of the local day, whichever is later', async () => {
    const read = await new GetAriFeed(new FakeFeedReader(stamps)).execute({ tenantId: TENANT, days: 3, conditional: {}, now: NOW });
    expect(read.validators.lastModified.toISOString()).toBe('2026-11-23T09:30:00.000Z');
    const early = { ...stamps, lastChange: new Date('2026-11-20T08:00:00Z') };
    const dayStart = await new GetAriFeed(new FakeFeedReader(early)).execute({ tenantId: TENANT, days: 3, conditional: {}, now: NOW });
    expect(dayStart.validators.lastModified.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('changes the ETag with the window, the days and the stamps', async () => {
    const tag = async (days: number, now: Date, s = stamps) =>
      (await new GetAriFeed(new FakeFeedReader(s)).execute({ tenantId: TENANT, days, conditional: {}, now })).validators.etag;
    const base = await tag(3, NOW);
    expect(await tag(3, new Date('2026-11-23T23:00:00Z'))).toBe(base);
    expect(await tag(3, new Date('2026-11-24T00:30:00Z'))).not.toBe(base);
    expect(await tag(4, NOW)).not.toBe(base);
    expect(await tag(3, NOW, { ...stamps, fingerprint: '1|2|3|5' })).not.toBe(base);
  });

  it('prices a night like a one-night quote, counts rooms left and reports no vacancy', async () => {
    const p = property('p1', {
      dailyRates: { 'p1-flex': { '2026-11-24': 12345 } },
      inventory: { 'p1-rt': { '2026-11-23': { allotment: 4, held: 1, sold: 1 }, '2026-11-25': { allotment: 2, held: 1, sold: 1 } } },
    });
    const reader = new FakeFeedReader(stamps, [p]);
    const read = await new GetAriFeed(reader).execute({ tenantId: TENANT, days: 3, conditional: {}, now: NOW });
    if (read.notModified) throw new Error('expected a document');
    const document: AriDocument = read.document;
    expect(document.partner).toBe(TENANT);
    expect(document.timestamp).toEqual(read.validators.lastModified);
    const data = await collect(document.propertyData());
    expect(data.map((d) => d.plans.map((plan) => plan.refundability))).toEqual([[{ available: true, untilDays: 1, untilTime: '14:00:00' }]]);
    const nights = await collect(document.nights());
    expect(nights.map((n) => [n.checkIn, n.bundles.map((b) => [b.price.baserate, b.price.tax, b.price.otherFees, b.price.total, b.roomsLeft])])).toEqual([
      ['2026-11-23', [[10000, 1000, 500, 11500, 2]]],
      ['2026-11-24', [[12345, 1235, 500, 14080, 3]]],
      ['2026-11-25', []],
    ]);
    expect(nights[2].lowest).toBeNull();
    expect(reader.reads).toEqual(['freshness:ari', 'properties', 'nights:2026-11-23..2026-11-25']);
  });

  it('gives an unknown tenant an empty document with its own validators', async () => {
    const read = await new GetAriFeed(new FakeFeedReader(stamps, [property('p1')])).execute({
      tenantId: '00000000-0000-4000-8000-000000000002',
      days: 3,
      conditional: {},
      now: NOW,
    });
    if (read.notModified) throw new Error('expected a document');
    expect(await collect(read.document.nights())).toEqual([]);
    expect(await collect(read.document.propertyData())).toEqual([]);
  });
});

describe('GetHotelListFeed', () => {
  it('answers If-Modified-Since at the last change without reading listings, and reads them otherwise', async () => {
    const reader = new FakeFeedReader({ lastChange: new Date('2026-11-23T09:30:00.400Z'), fingerprint: '7', timezones: [] });
    const feed = new GetHotelListFeed(reader);
    const notModified = await feed.execute(TENANT, { ifModifiedSince: 'Mon, 23 Nov 2026 09:30:00 GMT' });
    expect(notModified.notModified).toBe(true);
    expect(reader.reads).toEqual(['freshness:listings']);
    const read = await feed.execute(TENANT, { ifModifiedSince: 'Mon, 23 Nov 2026 09:29:59 GMT' });
    if (read.notModified) throw new Error('expected a document');
    const document: HotelListDocument = read.document;
    await collect(document.listings());
    expect(reader.reads).toEqual(['freshness:listings', 'freshness:listings', 'listings']);
  });
});
