import type { AppConfig } from '@hcs/platform';
import { anonymousCaller } from '../../identity/principal';
import { FakeFeedReader as FakeRows } from '../../testing/fake-feed-ports';
import type { FeedAriProperty, FeedFreshness } from '../feed.types';
import { AriDocument, GetAriFeed } from './get-ari-feed.use-case';
import { GetHotelListFeed, HotelListDocument } from './get-hotel-list-feed.use-case';
import { GetPointOfSaleFeed } from './get-point-of-sale-feed.use-case';

const TENANT = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-23T12:00:00Z');
const READER = anonymousCaller(TENANT);

class FakeFeedReader extends FakeRows {
  constructor(stamps: FeedFreshness, rows: FeedAriProperty[] = []) {
    super(TENANT, stamps, rows);
  }
}

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
      occupancyPricing: null,
    },
  ],
  dailyRates: {},
  dailyOccupancy: {},
  inventory: {},
  restrictions: {},
  ...over,
});

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
    const first = await feed.execute({ days: 3, conditional: {}, now: NOW }, READER).then((o) => o.data);
    reader.reads = [];
    const again = await feed.execute({ days: 3, conditional: { ifNoneMatch: first.validators.etag }, now: NOW }, READER).then((o) => o.data);
    expect(again).toEqual({ validators: first.validators, notModified: true });
    expect(reader.reads).toEqual(['freshness:ari']);
  });

  it('takes Last-Modified from the latest stamp or the start of the local day, whichever is later', async () => {
    const read = await new GetAriFeed(new FakeFeedReader(stamps)).execute({ days: 3, conditional: {}, now: NOW }, READER).then((o) => o.data);
    expect(read.validators.lastModified.toISOString()).toBe('2026-11-23T09:30:00.000Z');
    const early = { ...stamps, lastChange: new Date('2026-11-20T08:00:00Z') };
    const dayStart = await new GetAriFeed(new FakeFeedReader(early)).execute({ days: 3, conditional: {}, now: NOW }, READER).then((o) => o.data);
    expect(dayStart.validators.lastModified.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('changes the ETag with the window, the days and the stamps', async () => {
    const tag = async (days: number, now: Date, s = stamps) =>
      (await new GetAriFeed(new FakeFeedReader(s)).execute({ days, conditional: {}, now }, READER).then((o) => o.data)).validators.etag;
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
    const read = await new GetAriFeed(reader).execute({ days: 3, conditional: {}, now: NOW }, READER).then((o) => o.data);
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

  it('leaves out a plan on the check-in dates whose one-night stay its restrictions refuse, as a quote would', async () => {
    // today at the property is 2026-11-23; a one-night stay from 11-23 checks out on 11-24, and so on
    const p = property('p1', {
      restrictions: {
        'p1-flex': {
          '2026-11-23': { closed_to_arrival: true },
          '2026-11-24': { stop_sell: false, closed_to_departure: true },
          '2026-11-25': { closed_to_departure: true, min_advance_days: 2 },
          '2026-11-26': { min_stay_arrival: 2, min_advance_days: 4 },
          '2026-11-27': { min_stay_through: 2 },
          '2026-11-28': { stop_sell: true },
          '2026-11-29': { max_advance_days: 5 },
          '2026-11-30': { max_advance_days: 7, max_stay_arrival: 1 },
        },
      },
    });
    const read = await new GetAriFeed(new FakeFeedReader(stamps, [p])).execute({ days: 8, conditional: {}, now: NOW }, READER).then((o) => o.data);
    if (read.notModified) throw new Error('expected a document');
    const nights = await collect(read.document.nights());
    expect(nights.map((n) => [n.checkIn, n.bundles.length])).toEqual([
      ['2026-11-23', 0], // closed to arrival
      ['2026-11-24', 0], // checks out on 11-25, closed to departure
      ['2026-11-25', 1], // 2 days ahead: min_advance_days 2 met
      ['2026-11-26', 0], // min stay 2 on arrival
      ['2026-11-27', 0], // min stay 2 through the night
      ['2026-11-28', 0], // stop sell
      ['2026-11-29', 0], // 6 days ahead: max_advance_days 5 broken
      ['2026-11-30', 1], // 7 days ahead: max_advance_days 7 met, one night is max_stay_arrival 1
    ]);
    expect(nights[0].lowest).toBeNull();
  });

  it('prices a plan with party pricing at its base occupancy, per-person fees for it, and adds no included tax', async () => {
    const p = property('p2', {
      taxes: [
        { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
        { code: 'CITY', name: 'City tax', amount: 200, per: 'person_night', payable: 'at_property' },
      ],
      fees: [],
      roomTypes: [{ id: 'p2-rt', name: 'Family', maxOccupancy: 4, defaultInventory: 3 }],
      ratePlans: [{ ...property('p2').ratePlans[0], roomTypeId: 'p2-rt', occupancyPricing: { base_adults: 3, extra_adult: 2000 } }],
      dailyRates: { 'p2-flex': { '2026-11-24': 12000 } },
      dailyOccupancy: { 'p2-flex': { '2026-11-24': { by_adults: { '3': 15000 } } } },
    });
    const read = await new GetAriFeed(new FakeFeedReader(stamps, [p])).execute({ days: 2, conditional: {}, now: NOW }, READER).then((o) => o.data);
    if (read.notModified) throw new Error('expected a document');
    const [data] = await collect(read.document.propertyData());
    expect(data.plans.map((plan) => plan.occupancy)).toEqual([3]);
    const nights = await collect(read.document.nights());
    // VAT is inside the rate (not in Tax); the city tax is 3 persons x 200, collected at the property but part of the stay
    expect(nights.map((n) => n.bundles.map((b) => [b.price.baserate, b.price.tax, b.price.otherFees, b.price.total]))).toEqual([
      [[10000, 600, 0, 10600]],
      [[15000, 600, 0, 15600]],
    ]);
  });

  it('gives an unknown tenant an empty document with its own validators', async () => {
    const read = await new GetAriFeed(new FakeFeedReader(stamps, [property('p1')]))
      .execute({ days: 3, conditional: {}, now: NOW }, anonymousCaller('00000000-0000-4000-8000-000000000002'))
      .then((o) => o.data);
    if (read.notModified) throw new Error('expected a document');
    expect(await collect(read.document.nights())).toEqual([]);
    expect(await collect(read.document.propertyData())).toEqual([]);
  });
});

describe('GetHotelListFeed', () => {
  it('answers If-Modified-Since at the last change without reading listings, and reads them otherwise', async () => {
    const reader = new FakeFeedReader({ lastChange: new Date('2026-11-23T09:30:00.400Z'), fingerprint: '7', timezones: [] });
    const feed = new GetHotelListFeed(reader);
    const notModified = (await feed.execute({ conditional: { ifModifiedSince: 'Mon, 23 Nov 2026 09:30:00 GMT' } }, READER)).data;
    expect(notModified.notModified).toBe(true);
    expect(reader.reads).toEqual(['freshness:listings']);
    const read = (await feed.execute({ conditional: { ifModifiedSince: 'Mon, 23 Nov 2026 09:29:59 GMT' } }, READER)).data;
    if (read.notModified) throw new Error('expected a document');
    const document: HotelListDocument = read.document;
    await collect(document.listings());
    expect(reader.reads).toEqual(['freshness:listings', 'freshness:listings', 'listings']);
  });
});

describe('GetPointOfSaleFeed', () => {
  it('is the same landing page for every reader, and 304 on its own ETag', async () => {
    const config = { siteUrl: 'https://hotels.example', serviceName: 'hospitality-commerce-service' } as AppConfig;
    const feed = new GetPointOfSaleFeed(config);
    const { data: read } = await feed.execute({ conditional: {} }, null);
    if (read.notModified) throw new Error('expected a document');
    expect(read.document).toMatchObject({
      id: 'website',
      displayName: 'hospitality-commerce-service',
      urlTemplate: expect.stringMatching(/^https:\/\/hotels\.example\/hotels\/\(PARTNER-HOTEL-ID\)/),
    });
    await expect(feed.execute({ conditional: {} }, READER)).resolves.toMatchObject({ data: { validators: read.validators } });
    await expect(feed.execute({ conditional: { ifNoneMatch: read.validators.etag } }, READER)).resolves.toMatchObject({ data: { notModified: true } });
  });
});
