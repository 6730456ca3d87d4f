import { AvailabilitySearchRepository, PropertyRepository, type OfferQuery } from '@hcs/domain';
import { TransactionHost } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('SqlAvailabilitySearchRepository (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let search: AvailabilitySearchRepository;
  let chain: SeededChain;
  const query = (over: Partial<OfferQuery> = {}): OfferQuery => ({
    area: null,
    property: null,
    checkIn: day(20),
    checkOut: day(22),
    nights: 2,
    partySize: 2,
    mealPlan: null,
    cancellation: null,
    maxNightlyByCurrency: null,
    ...over,
  });

  beforeAll(async () => {
    tier = await startPersistenceTier();
    search = tier.get(AvailabilitySearchRepository);
    chain = await seedChain(tier, { defaultInventory: 2 });
    await tier.get(PropertyRepository).markPromoted(chain.tenantId, chain.property.id, new Date());
  });
  afterAll(() => tier.close());

  const offer = () => ({
    propertyId: chain.property.id,
    propertyName: 'Hotel Persistence',
    slug: chain.property.slug,
    city: 'Paris',
    region: null,
    country: 'FR',
    starRating: 4,
    defaultCurrency: 'EUR',
    roomTypeId: chain.roomType.id,
    roomTypeName: 'Double',
    maxOccupancy: 2,
    roomsLeft: 2,
    ratePlanId: chain.ratePlan.id,
    ratePlanName: 'Flexible',
    mealPlan: 'room_only',
    currency: 'EUR',
    total: 20000,
    nightly: 10000,
    cancellationKind: 'free_cancellation',
    freeCancellationHours: 48,
    offerCount: 1,
    hasFreeCancellation: true,
  });

  it('finds the best offer by destination (the named prepared statement), again on a connection that prepared it, and inside a transaction', async () => {
    const byCity = query({ area: 'paris' });

    await expect(search.findBestOffers(chain.tenantId, byCity)).resolves.toEqual([{ ...offer(), areaMatch: 'city' }]);
    await expect(search.findBestOffers(chain.tenantId, byCity)).resolves.toEqual([{ ...offer(), areaMatch: 'city' }]);
    const inTransaction = await tier.get(TransactionHost).withTransaction(() => search.findBestOffers(chain.tenantId, byCity));
    expect(inTransaction).toEqual([{ ...offer(), areaMatch: 'city' }]);
    await expect(search.findBestOffers(chain.tenantId, query({ property: { slug: chain.property.slug, id: null } }))).resolves.toEqual([
      { ...offer(), areaMatch: 'property' },
    ]);
  });

  it('matches the destination on city, region, country or a part of the name, whatever their case, and follows an update', async () => {
    const match = async (area: string) => (await search.findBestOffers(chain.tenantId, query({ area }))).map((o) => o.areaMatch);
    expect(await match('fr')).toEqual(['country']);
    expect(await match('persist')).toEqual(['name']);
    expect(await match('nowhere')).toEqual([]);
    // The lowercased search columns are Postgres's own (generated), so an update moves them too.
    const properties = tier.get(PropertyRepository);
    const { name, address } = (await properties.findById(chain.tenantId, chain.property.id))!;
    await properties.update(chain.tenantId, chain.property.id, { name: 'Hôtel Lumière', address: { ...address, region: 'Île-de-France' } });
    try {
      expect(await match('île-de-france')).toEqual(['region']);
      expect(await match('lumière')).toEqual(['name']);
      expect(await match('persist')).toEqual([]);
    } finally {
      await properties.update(chain.tenantId, chain.property.id, { name, address });
    }
  });

  it('finds it across the whole catalog (the aggregate strategy) and applies party size and budget', async () => {
    await expect(search.findBestOffers(chain.tenantId, query())).resolves.toEqual([{ ...offer(), areaMatch: null }]);
    await expect(search.findBestOffers(chain.tenantId, query({ partySize: 3 }))).resolves.toEqual([]);
    await expect(search.findBestOffers(chain.tenantId, query({ maxNightlyByCurrency: { EUR: 9999 } }))).resolves.toEqual([]);
  });

  it('finds a promoted property by slug or id, and only a promoted one', async () => {
    const other = await seedChain(tier);

    await expect(search.findPromotedProperty(chain.tenantId, { slug: chain.property.slug, id: null })).resolves.toEqual({
      id: chain.property.id,
      timezone: 'Europe/Paris',
    });
    await expect(search.findPromotedProperty(chain.tenantId, { slug: 'unknown', id: chain.property.id })).resolves.toEqual({
      id: chain.property.id,
      timezone: 'Europe/Paris',
    });
    await expect(search.findPromotedProperty(other.tenantId, { slug: other.property.slug, id: null })).resolves.toBeNull();
  });
});
