import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { fakeCatalog } from '../../testing/fake-catalog-ports';
import type { PropertyFields, RoomType } from '../catalog';
import { CreateProperty } from './create-property.use-case';
import { CreateRatePlan } from './create-rate-plan.use-case';
import { SetDailyRates } from './set-daily-rates.use-case';
import { UpdateProperty } from './update-property.use-case';
import { UpdateRatePlan } from './update-rate-plan.use-case';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const T1 = '11111111-1111-4111-8111-111111111111';
const admin: Caller = { tenantId: T1, principalId: 'adm', kind: 'admin' };

async function fieldErrors(p: Promise<unknown>): Promise<Array<{ path: string }>> {
  const e = await p.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(e instanceof DomainError) || e.code !== 'validation_failed') throw new Error(`expected validation_failed, got ${String(e)}`);
  return (e.detail as { field_errors: Array<{ path: string }> }).field_errors;
}

describe('party pricing and taxes through the admin use cases (fake ports)', () => {
  let c: ReturnType<typeof fakeCatalog>;
  let room: RoomType;

  beforeEach(async () => {
    c = fakeCatalog();
    const property = await c.properties.create(T1, {
      slug: 'family',
      name: 'Family',
      timezone: 'Europe/Paris',
      defaultCurrency: 'EUR',
      taxes: [],
      fees: [],
    } as unknown as PropertyFields);
    room = await c.roomTypes.create(T1, property.id, {
      code: 'FAM',
      name: 'Family room',
      description: null,
      maxOccupancy: 4,
      bedType: null,
      floorSizeSqm: null,
      amenities: [],
      images: [],
      smokingAllowed: false,
      defaultInventory: 2,
    });
  });

  const createPlan = (occupancy_pricing?: object | null) =>
    new CreateRatePlan(c.roomTypes, c.ratePlans, c.policies).execute(
      { roomTypeId: room.id, ratePlan: { code: 'BAR', name: 'Best', base_rate: { amount: 10000, currency: 'EUR' }, occupancy_pricing } },
      admin,
    );

  it('creates a plan with occupancy pricing, answers it with defaults filled, and a PATCH replaces or clears it', async () => {
    const created = await createPlan({
      extra_adult: 2500,
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 12, amount: 1500 },
      ],
    });
    expect(created.data.occupancy_pricing).toEqual({
      base_adults: 2,
      extra_adult: 2500,
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 12, amount: 1500 },
      ],
    });
    expect(c.store.ratePlans[0].occupancyPricing).toEqual({
      extra_adult: 2500,
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 12, amount: 1500 },
      ],
    });

    const update = new UpdateRatePlan(c.ratePlans, c.policies, c.roomTypes);
    const patched = await update.execute({ ratePlanId: created.data.id, patch: { occupancy_pricing: { base_adults: 3 } } }, admin);
    expect(patched.data.occupancy_pricing).toEqual({ base_adults: 3, extra_adult: 0, child_rates: [] });
    const cleared = await update.execute({ ratePlanId: created.data.id, patch: { occupancy_pricing: null } }, admin);
    expect(cleared.data.occupancy_pricing).toEqual({ base_adults: 2, extra_adult: 0, child_rates: [] });
    expect(c.store.ratePlans[0].occupancyPricing).toBeNull();
  });

  it('refuses every bad occupancy path at once and writes nothing', async () => {
    const errors = await fieldErrors(
      createPlan({
        base_adults: 5,
        extra_adult: -1,
        child_rates: [
          { max_age: 12, amount: 1 },
          { max_age: 12, amount: 1 },
          { max_age: 18, amount: -2 },
        ],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual([
      'occupancy_pricing.base_adults',
      'occupancy_pricing.extra_adult',
      'occupancy_pricing.child_rates.1.max_age',
      'occupancy_pricing.child_rates.2.max_age',
      'occupancy_pricing.child_rates.2.amount',
    ]);
    expect(c.store.ratePlans).toHaveLength(0);
    expect((await fieldErrors(createPlan({ base_adults: 0 }))).map((e) => e.path)).toEqual(['occupancy_pricing.base_adults']);
    await expect(
      createPlan({
        base_adults: 4,
        child_rates: [
          { max_age: 0, amount: 0 },
          { max_age: 17, amount: 0 },
        ],
      }),
    ).resolves.toBeDefined();
  });

  it("sets a night's party prices with its rate, checks by_adults against the room's occupancy, and shows them on the calendar", async () => {
    const plan = (await createPlan()).data;
    const rates = new SetDailyRates(c.ratePlans, c.dailyRates, c.roomTypes);
    const range = { from: '2027-05-01', to: '2027-05-02' };
    const bad = await fieldErrors(
      rates.execute(
        {
          ratePlanId: plan.id,
          range,
          amount: null,
          party: {
            by_adults: { '0': 1, '5': 1, '2': -1, '3': 9000 },
            child_rates: [
              { max_age: 3, amount: 1 },
              { max_age: 2, amount: 1 },
            ],
          },
        },
        admin,
      ),
    );
    expect(bad.map((e) => e.path).sort()).toEqual(['amount', 'by_adults.0', 'by_adults.2', 'by_adults.5', 'child_rates.1.max_age']);
    expect((await c.dailyRates.listRates(T1, c.store.ratePlans[0], range)).every((n) => !n.overridden)).toBe(true);

    const set = await rates.execute({ ratePlanId: plan.id, range, amount: 11000, party: { by_adults: { '1': 9000, '4': 16000 }, extra_adult: 2000 } }, admin);
    expect(set.data.nights[0]).toEqual({
      night: '2027-05-01',
      amount: 11000,
      overridden: true,
      by_adults: { '1': 9000, '4': 16000 },
      extra_adult: 2000,
      child_rates: null,
    });
    // a later PUT without party prices replaces the night whole
    const plain = await rates.execute({ ratePlanId: plan.id, range, amount: 11000 }, admin);
    expect(plain.data.nights[1]).toEqual({ night: '2027-05-02', amount: 11000, overridden: true, by_adults: null, extra_adult: null, child_rates: null });
  });

  it('accepts taxes and fees of either shape and refuses ambiguous ones with every path', async () => {
    const create = new CreateProperty(c.properties);
    const base = { slug: 'taxes', name: 'Taxes', timezone: 'Europe/Paris', default_currency: 'EUR' };
    const errors = await fieldErrors(
      create.execute(
        {
          property: {
            ...base,
            taxes: [
              { code: 'A', name: 'both', rate_bps: 100, amount: 5, per: 'night' },
              { code: 'B', name: 'neither' },
              { code: 'C', name: 'no per', amount: 5 },
            ],
            fees: [
              { code: 'D', name: 'per on a rate', rate_bps: 100, per: 'night' },
              { code: 'E', name: 'included at the desk', rate_bps: 100, included: true, payable: 'at_property' },
            ],
          },
        },
        admin,
      ),
    );
    expect(errors.map((e) => e.path)).toEqual(['taxes.0', 'taxes.1', 'taxes.2.per', 'fees.0.per', 'fees.1.payable']);

    const created = await create.execute(
      {
        property: {
          ...base,
          taxes: [
            { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
            { code: 'CITY', name: 'City tax', amount: 250, per: 'person_night', payable: 'at_property' },
          ],
          fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' }],
        },
      },
      admin,
    );
    expect(created.data.taxes).toEqual([
      { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
      { code: 'CITY', name: 'City tax', amount: 250, per: 'person_night', payable: 'at_property' },
    ]);
    expect(created.data.fees).toEqual([{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' }]);
    const patchErrors = await fieldErrors(
      new UpdateProperty(c.properties).execute({ propertyId: created.data.id, patch: { fees: [{ code: 'X', name: 'x', amount: 1 }] } }, admin),
    );
    expect(patchErrors.map((e) => e.path)).toEqual(['fees.0.per']);
  });
});
