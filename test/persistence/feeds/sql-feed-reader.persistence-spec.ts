import {
  DailyRateRepository,
  FeedReader,
  InventoryRepository,
  PropertyRepository,
  StayRestrictionRepository,
  type FeedAriProperty,
  type FeedListing,
  RatePlanRepository,
} from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('SqlFeedReader (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reader: FeedReader;
  let chain: SeededChain;
  let second: SeededChain['property'];

  beforeAll(async () => {
    tier = await startPersistenceTier();
    reader = tier.get(FeedReader);
    chain = await seedChain(tier, { defaultInventory: 2 });
    const properties = tier.get(PropertyRepository);
    second = await properties.create(chain.tenantId, { ...chain.property, slug: `b-${chain.property.slug}`, timezone: 'Asia/Tokyo' });
    await properties.markPromoted(chain.tenantId, chain.property.id, new Date());
    await properties.markPromoted(chain.tenantId, second.id, new Date());
  });
  afterAll(() => tier.close());

  it('pages promoted listings in id order', async () => {
    const pages = await collect<FeedListing>(reader.listings(chain.tenantId, 1));

    expect(pages).toHaveLength(2);
    expect(pages.flat().map((l) => l.id)).toEqual([chain.property.id, second.id].sort());
    expect(pages.flat()[0]).toMatchObject({ city: 'Paris', country: 'FR', postalCode: '75001', lat: 48.86, lng: 2.35 });
  });

  it('reads ARI with room types, quotable rate plans, per-date rates and inventory of the window', async () => {
    await tier
      .get(DailyRateRepository)
      .setRates(chain.tenantId, chain.ratePlan.id, { from: '2099-04-01', to: '2099-04-01' }, 12000, { by_adults: { '2': 13000 } });
    await tier.get(RatePlanRepository).update(chain.tenantId, chain.ratePlan.id, { occupancyPricing: { base_adults: 1 } });
    await tier.get(InventoryRepository).setAllotment(chain.tenantId, chain.roomType, { from: '2099-04-02', to: '2099-04-02' }, 5);
    // a run from before the window to past its last check-in: read from the first check-in to the day after the last
    await tier.get(StayRestrictionRepository).setRestrictions(chain.tenantId, chain.ratePlan.id, {
      range: { from: '2099-03-30', to: '2099-04-05' },
      daysOfWeek: null,
      values: { closed_to_departure: true },
    });

    const ari = (await collect<FeedAriProperty>(reader.ariProperties(chain.tenantId, { from: '2099-04-01', to: '2099-04-02' }, 10))).flat();
    const own = ari.find((p) => p.id === chain.property.id);

    expect(ari).toHaveLength(2);
    expect(own).toEqual({
      id: chain.property.id,
      timezone: 'Europe/Paris',
      checkinTime: '15:00',
      taxes: [{ code: 'vat', name: 'VAT', rate_bps: 1000 }],
      fees: [],
      roomTypes: [{ id: chain.roomType.id, name: 'Double', maxOccupancy: 2, defaultInventory: 2 }],
      ratePlans: [
        {
          id: chain.ratePlan.id,
          roomTypeId: chain.roomType.id,
          name: 'Flexible',
          currency: 'EUR',
          baseRateAmount: 10000,
          cancellationKind: 'free_cancellation',
          freeCancellationHoursBeforeCheckin: 48,
          occupancyPricing: { base_adults: 1 },
        },
      ],
      dailyRates: { [chain.ratePlan.id]: { '2099-04-01': 12000 } },
      dailyOccupancy: { [chain.ratePlan.id]: { '2099-04-01': { by_adults: { '2': 13000 }, extra_adult: null, child_rates: null } } },
      inventory: { [chain.roomType.id]: { '2099-04-02': { allotment: 5, held: 0, sold: 0 } } },
      restrictions: {
        [chain.ratePlan.id]: {
          '2099-04-01': { closed_to_departure: true },
          '2099-04-02': { closed_to_departure: true },
          '2099-04-03': { closed_to_departure: true },
        },
      },
    });
  });

  it('moves the fingerprint when the catalog changes and lists the promoted time zones', async () => {
    const before = await reader.freshness(chain.tenantId, 'ari');
    await tier.get(PropertyRepository).update(chain.tenantId, second.id, { name: 'Renamed' });
    const after = await reader.freshness(chain.tenantId, 'ari');

    expect(before.timezones.sort()).toEqual(['Asia/Tokyo', 'Europe/Paris']);
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(after.lastChange).toBeInstanceOf(Date);
    // a restriction change stamps its rate plan, as a daily rate does
    await tier
      .get(StayRestrictionRepository)
      .setRestrictions(chain.tenantId, chain.ratePlan.id, { range: { from: '2099-05-01', to: '2099-05-01' }, daysOfWeek: null, values: { stop_sell: true } });
    expect((await reader.freshness(chain.tenantId, 'ari')).fingerprint).not.toBe(after.fingerprint);
    await expect(reader.freshness(chain.tenantId, 'listings')).resolves.toMatchObject({ timezones: [] });
  });
});
