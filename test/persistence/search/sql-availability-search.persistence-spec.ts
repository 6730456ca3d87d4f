import {
  AvailabilitySearchRepository,
  epochDay,
  NO_RESTRICTIONS,
  PropertyRepository,
  StayRestrictionRepository,
  todayIn,
  type OfferQuery,
  type StayRestrictions,
  DailyRateRepository,
  NightOccupancy,
  partyNightPrice,
} from '@hcs/domain';
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
    adults: 2,
    childAges: [],
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
    taxes: [{ code: 'vat', name: 'VAT', rate_bps: 1000 }],
    fees: [],
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

  it('leaves out a rate plan whose stay restrictions the stay breaks, in both strategies, and keeps it when the stay meets them', async () => {
    const own = await seedChain(tier);
    await tier.get(PropertyRepository).markPromoted(own.tenantId, own.property.id, new Date());
    const restrictions = tier.get(StayRestrictionRepository);
    const only = async (date: string, values: Partial<StayRestrictions>) => {
      await restrictions.setRestrictions(own.tenantId, own.ratePlan.id, {
        range: { from: day(0), to: day(40) },
        daysOfWeek: null,
        values: { ...NO_RESTRICTIONS },
      });
      await restrictions.setRestrictions(own.tenantId, own.ratePlan.id, { range: { from: date, to: date }, daysOfWeek: null, values });
    };
    const found = async () => [
      (await search.findBestOffers(own.tenantId, query({ area: 'paris' }))).length,
      (await search.findBestOffers(own.tenantId, query())).length,
    ];
    // the stay: check-in day(20), 2 nights, check-out day(22), `ahead` days from today at the property
    const ahead = epochDay(day(20))! - epochDay(todayIn('Europe/Paris'))!;
    const broken: Array<[string, Partial<StayRestrictions>]> = [
      [day(20), { min_stay_arrival: 3 }],
      [day(20), { max_stay_arrival: 1 }],
      [day(21), { min_stay_through: 3 }],
      [day(21), { max_stay_through: 1 }],
      [day(20), { closed_to_arrival: true }],
      [day(22), { closed_to_departure: true }],
      [day(21), { stop_sell: true }],
      [day(20), { min_advance_days: ahead + 1 }],
      [day(20), { max_advance_days: ahead - 1 }],
    ];
    for (const [date, values] of broken) {
      await only(date, values);
      expect([date, values, await found()]).toEqual([date, values, [0, 0]]);
    }
    const met: Array<[string, Partial<StayRestrictions>]> = [
      [day(20), { min_stay_arrival: 2, max_stay_arrival: 2, min_advance_days: ahead, max_advance_days: ahead }],
      [day(21), { min_stay_arrival: 3, closed_to_arrival: true, closed_to_departure: true, min_stay_through: 2 }],
      [day(22), { stop_sell: true, min_stay_through: 5, closed_to_arrival: true }],
      [day(19), { stop_sell: true, closed_to_departure: true }],
    ];
    for (const [date, values] of met) {
      await only(date, values);
      expect([date, values, await found()]).toEqual([date, values, [1, 1]]);
    }
    // Runs longer than a day: one starting before check-in and covering the stay breaks it; runs
    // ending before it or starting on check-out (with values read elsewhere) do not.
    const set = (from: string, to: string, values: Partial<StayRestrictions>) =>
      restrictions.setRestrictions(own.tenantId, own.ratePlan.id, { range: { from, to }, daysOfWeek: null, values });
    await set(day(0), day(40), { ...NO_RESTRICTIONS });
    await set(day(10), day(30), { stop_sell: true });
    expect(await found()).toEqual([0, 0]);
    await set(day(10), day(30), { stop_sell: null });
    await set(day(5), day(19), { stop_sell: true, closed_to_departure: true });
    await set(day(22), day(25), { closed_to_arrival: true, stop_sell: true });
    await set(day(1), day(3), { min_stay_arrival: 9 });
    expect(await found()).toEqual([1, 1]);
    await set(day(14), day(21), { min_stay_through: 3 });
    expect(await found()).toEqual([0, 0]);
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

  it('prices the party in both strategies: plan surcharges on plain nights, own party prices where a night sets them', async () => {
    const family = await seedChain(tier, { defaultInventory: 2 });
    await tier.get(PropertyRepository).markPromoted(family.tenantId, family.property.id, new Date());
    await tier.query(`UPDATE room_types SET max_occupancy = 5 WHERE tenant_id = $1 AND id = $2`, [family.tenantId, family.roomType.id]);
    await tier.query(`UPDATE rate_plans SET occupancy_pricing = $3::jsonb WHERE tenant_id = $1 AND id = $2`, [
      family.tenantId,
      family.ratePlan.id,
      JSON.stringify({
        extra_adult: 3000,
        child_rates: [
          { max_age: 5, amount: 0 },
          { max_age: 11, amount: 1500 },
        ],
      }),
    ]);
    // the second night has its own party prices: 3 adults cost 20000 flat, children older than 5 cost 700
    await tier.get(DailyRateRepository).setRates(family.tenantId, family.ratePlan.id, { from: day(21), to: day(21) }, 12_000, {
      by_adults: { '3': 20_000 },
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 17, amount: 700 },
      ],
    });
    const party = { adults: 3, childAges: [4, 8, 14], partySize: 6 };
    // night 1: 10000 + 3000 (third adult) + 0 + 1500 + 3000 (14 is older than every bracket); night 2: 20000 + 0 + 700 + 700
    const total = 10_000 + 3_000 + 0 + 1_500 + 3_000 + (20_000 + 0 + 700 + 700);
    for (const area of ['paris', null]) {
      await expect(search.findBestOffers(family.tenantId, query({ area, ...party, partySize: 5 }))).resolves.toMatchObject([
        { total, nightly: Math.round(total / 2) },
      ]);
      await expect(search.findBestOffers(family.tenantId, query({ area, adults: 2, childAges: [], partySize: 2 }))).resolves.toMatchObject([
        { total: 10_000 + 12_000, nightly: 11_000 },
      ]);
    }
    await expect(search.findBestOffers(family.tenantId, query({ ...party, partySize: 5, maxNightlyByCurrency: { EUR: 19_449 } }))).resolves.toEqual([]);
  });

  it('prices a night in SQL (hcs_party_night) exactly as the domain rule does', async () => {
    const plan = {
      base_adults: 2,
      extra_adult: 3000,
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 11, amount: 1500 },
      ],
    };
    const cases: Array<[adults: number, ages: number[], night: NightOccupancy | null]> = [
      [1, [], null],
      [2, [], null],
      [4, [0, 5, 6, 11, 12, 17], null],
      [3, [8], { by_adults: { '3': 16000 } }],
      [2, [8], { by_adults: { '3': 16000 } }],
      [3, [13], { extra_adult: 0 }],
      [2, [4, 13], { child_rates: [] }],
      [2, [10], { child_rates: [{ max_age: 17, amount: 700 }], extra_adult: 100 }],
    ];
    for (const [adults, ages, night] of cases) {
      const [row] = await tier.query<{ price: string }>(`SELECT hcs_party_night($1, $2::jsonb, $3, $4::jsonb, $5, $6, $7::int[]) AS price`, [
        10_000,
        night?.by_adults ? JSON.stringify(night.by_adults) : null,
        night?.extra_adult ?? plan.extra_adult,
        JSON.stringify(night?.child_rates ?? plan.child_rates),
        plan.base_adults,
        adults,
        ages,
      ]);
      expect(Number(row.price)).toBe(partyNightPrice(10_000, { adults, children: ages.map((age) => ({ age })) }, plan, night));
    }
  });
});
