import { DomainError } from '../../errors/domain-error';
import { anonymousCaller, Caller } from '../../identity/principal';
import { NESTED_STAY_PATHS } from '../../stay/stay-rules';
import { fakeCatalog } from '../../testing/fake-catalog-ports';
import { FakeAvailability } from '../../testing/fake-search-ports';
import type { PropertyOffer } from '../ports/availability-search.repository';
import { SearchAvailability, SearchCriteria } from './search-availability.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const agent: Caller = { tenantId: T1, principalId: 'agt', kind: 'agent' };

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const criteria = (checkIn = isoDay(30), checkOut = isoDay(32)): SearchCriteria => ({
  destination: { type: 'area', value: ' Lisboa ' },
  stay: { check_in: checkIn, check_out: checkOut },
  guests: { adults: 2, children: [] },
  constraints: {},
  stayPaths: NESTED_STAY_PATHS,
});

const offer: PropertyOffer = {
  propertyId: '33333333-3333-4333-8333-333333333333',
  propertyName: 'Riverside',
  slug: 'riverside',
  city: 'Lisboa',
  region: null,
  country: 'PT',
  starRating: 4,
  defaultCurrency: 'EUR',
  areaMatch: 'city',
  roomTypeId: '44444444-4444-4444-8444-444444444444',
  roomTypeName: 'Double',
  maxOccupancy: 2,
  roomsLeft: 3,
  ratePlanId: '55555555-5555-4555-8555-555555555555',
  ratePlanName: 'Best rate',
  mealPlan: 'room_only',
  currency: 'EUR',
  total: 24000,
  nightly: 12000,
  cancellationKind: 'free_cancellation',
  freeCancellationHours: 48,
  offerCount: 1,
  hasFreeCancellation: true,
  taxes: [],
  fees: [],
};

describe('SearchAvailability (fake ports)', () => {
  it("searches the reader's tenant, anonymous or not, and offers a ready quote per result", async () => {
    const availability = new FakeAvailability([offer]);
    const search = new SearchAvailability(availability, fakeCatalog().fx);
    const { data, meta } = await search.execute(criteria(), anonymousCaller(T1));
    expect(availability.calls).toEqual([{ tenantId: T1, query: expect.objectContaining({ area: 'lisboa', nights: 2, partySize: 2 }) }]);
    expect(data.results).toHaveLength(1);
    expect(data.nights).toBe(2);
    expect(meta.next_actions).toContainEqual(expect.objectContaining({ rel: 'quote', method: 'POST', href: '/v1/quotes' }));
    await search.execute(criteria(), agent);
    expect(availability.calls[1].tenantId).toBe(T1);
  });

  it('refuses a stay that no time zone accepts before any lookup', async () => {
    const availability = new FakeAvailability();
    const refused = await new SearchAvailability(availability, fakeCatalog().fx).execute(criteria(isoDay(5), isoDay(4)), agent).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'validation_failed' });
    expect(availability.calls).toEqual([]);
  });

  it('names every stay violation on the paths the caller wrote', async () => {
    const search = new SearchAvailability(new FakeAvailability([offer]), fakeCatalog().fx);
    const fieldErrors = async (c: SearchCriteria) => {
      const refused = await search.execute(c, agent).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      return (refused as DomainError).detail.field_errors;
    };
    const flat = { ...criteria(isoDay(-3), isoDay(-3)), stayPaths: { checkIn: 'check_in', checkOut: 'check_out' } };
    expect(await fieldErrors(flat)).toEqual([
      { path: 'check_in', message: expect.stringContaining('must not be in the past') },
      { path: 'check_out', message: 'must be after check_in' },
    ]);
    expect(await fieldErrors(criteria(isoDay(400), isoDay(402)))).toEqual([{ path: 'stay.check_in', message: expect.stringContaining('365 days ahead') }]);
    expect(await fieldErrors(criteria(isoDay(10), isoDay(41)))).toEqual([{ path: 'stay.check_out', message: expect.stringContaining('30 nights') }]);
  });
});
