import { frozen, KeptOutcome, Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { anonymousCaller, Caller } from '../../identity/principal';
import { fakeCatalog } from '../../testing/fake-catalog-ports';
import type { Property, PropertyFields } from '../catalog';
import type { PropertyCatalog, PropertyCatalogReader } from '../ports/property-catalog.reader';
import { GetAdminProperty } from './get-admin-property.use-case';
import { GetFxRates } from './get-fx-rates.use-case';
import { GetInventoryCalendar } from './get-inventory-calendar.use-case';
import { GetPropertyDetail } from './get-property-detail.use-case';
import { GetPropertyFull } from './get-property-full.use-case';
import { GetRateCalendar } from './get-rate-calendar.use-case';
import { ListAdminProperties } from './list-admin-properties.use-case';
import { ListProperties } from './list-properties.use-case';
import { PropertyReadModel } from '../services/property-read-model';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const admin: Caller = { tenantId: T1, principalId: 'adm', kind: 'admin' };
const agent: Caller = { tenantId: T1, principalId: 'agt', kind: 'agent' };

function fields(slug: string): PropertyFields {
  return {
    slug,
    name: `Hotel ${slug}`,
    description: null,
    starRating: 4,
    address: { line1: 'Rua 1', line2: null, city: 'Lisboa', region: null, postalCode: null, country: 'PT' },
    geo: { lat: 38.7, lng: -9.1 },
    timezone: 'Europe/Lisbon',
    defaultCurrency: 'EUR',
    amenities: ['wifi'],
    images: [],
    phone: null,
    email: null,
    petsAllowed: false,
    numberOfRooms: 10,
    checkinTime: '15:00',
    checkoutTime: '11:00',
    taxes: [],
    fees: [],
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error.code;
}

describe('catalog reads (fake ports)', () => {
  let c: ReturnType<typeof fakeCatalog>;
  let promoted: Property;
  let draft: Property;
  let roomTypeId: string;
  let ratePlanId: string;

  beforeEach(async () => {
    c = fakeCatalog();
    promoted = await c.properties.create(T1, fields('b-riverside'));
    draft = await c.properties.create(T1, fields('a-draft'));
    await c.properties.create(T2, fields('c-theirs')).then((p) => c.properties.markPromoted(T2, p.id, new Date()));
    const room = await c.roomTypes.create(T1, promoted.id, {
      code: 'DBL',
      name: 'Double',
      description: null,
      maxOccupancy: 2,
      bedType: null,
      floorSizeSqm: null,
      amenities: [],
      images: [],
      smokingAllowed: false,
      defaultInventory: 5,
    });
    const policy = await c.policies.createVersion(T1, promoted.id, 'flex', 'v1', {
      cancellationKind: 'free_cancellation',
      freeCancellationHoursBeforeCheckin: 48,
      cancellationFeePctAfterCutoff: 100,
      childPolicyText: null,
    });
    const plan = await c.ratePlans.create(T1, room, {
      code: 'BAR',
      name: 'Best rate',
      baseRate: { amount: 12000, currency: 'EUR' },
      mealPlan: 'room_only',
      policyId: policy.id,
    });
    await c.properties.markPromoted(T1, promoted.id, new Date());
    roomTypeId = room.id;
    ratePlanId = plan.id;
  });

  const readModel = () => new PropertyReadModel(c.roomTypes, c.ratePlans, c.policies, c.fx);

  it("lists only the reader's promoted properties, the same for an anonymous reader and a principal", async () => {
    const list = new ListProperties(c.properties);
    const anonymous = await list.execute({ limit: 20 }, anonymousCaller(T1));
    expect(anonymous.data.items.map((p) => p.slug)).toEqual(['b-riverside']);
    expect(anonymous.meta.next_actions).toEqual([
      { rel: 'get', method: 'GET', href: `/v1/properties/${promoted.id}` },
      { rel: 'search', method: 'POST', href: '/v1/search' },
    ]);
    await expect(list.execute({ limit: 20 }, agent)).resolves.toEqual(anonymous);
  });

  it('pages by slug with a cursor and a next-page action', async () => {
    await c.properties.markPromoted(T1, draft.id, new Date());
    const first = await new ListProperties(c.properties).execute({ limit: 1 }, agent);
    expect(first.data.items.map((p) => p.slug)).toEqual(['a-draft']);
    expect(first.data.next_cursor).not.toBeNull();
    expect(first.meta.next_actions).toContainEqual({ rel: 'get', method: 'GET', href: `/v1/properties?limit=1&cursor=${first.data.next_cursor}` });
    const second = await new ListProperties(c.properties).execute({ limit: 1, cursor: first.data.next_cursor ?? undefined }, agent);
    expect(second.data).toMatchObject({ items: [{ slug: 'b-riverside' }], next_cursor: null });
  });

  it('reads a promoted property with its quotable plans and points to quote, search and the full read', async () => {
    const { data, meta } = await new GetPropertyDetail(c.reader, readModel()).execute({ propertyId: promoted.id }, anonymousCaller(T1));
    expect(data).toMatchObject({ id: promoted.id, display_currency: null, converted: false });
    expect(data.room_types).toHaveLength(1);
    expect(meta.next_actions).toEqual([
      { rel: 'quote', method: 'POST', href: '/v1/quotes', body_hint: { hotel_id: promoted.id, room_type_id: roomTypeId, rate_plan_id: ratePlanId } },
      { rel: 'search', method: 'POST', href: '/v1/search', body_hint: { destination: { type: 'property', value: promoted.id } } },
      { rel: 'get', method: 'GET', href: '/v1/properties/b-riverside/full' },
    ]);
  });

  it("hides unpromoted properties and other tenants' from public reads (property_not_found)", async () => {
    const detail = new GetPropertyDetail(c.reader, readModel());
    const full = new GetPropertyFull(c.reader, readModel());
    await expect(codeOf(detail.execute({ propertyId: draft.id }, agent))).resolves.toBe('property_not_found');
    await expect(codeOf(full.execute({ slug: 'a-draft' }, agent))).resolves.toBe('property_not_found');
    await expect(codeOf(full.execute({ slug: 'c-theirs' }, agent))).resolves.toBe('property_not_found');
    await expect(codeOf(detail.execute({ propertyId: promoted.id }, anonymousCaller(T2)))).resolves.toBe('property_not_found');
  });

  it('reads the full model by slug and converts display prices with the FX table', async () => {
    await c.fx.upsert(T1, [{ base: 'EUR', quote: 'USD', rate: 1.1 }]);
    const { data, meta } = await new GetPropertyFull(c.reader, readModel()).execute({ slug: 'b-riverside', currency: 'USD' }, admin);
    expect(data).toMatchObject({ slug: 'b-riverside', checkin_time: '15:00', display_currency: 'USD', converted: true });
    expect(data.room_types[0].rate_plans[0]).toMatchObject({ currency: 'USD', base_rate: { amount: 13200, currency: 'USD' } });
    expect(meta.next_actions?.at(-1)).toEqual({ rel: 'get', method: 'GET', href: `/v1/properties/${promoted.id}` });
    await expect(codeOf(new GetPropertyFull(c.reader, readModel()).execute({ slug: 'b-riverside', currency: 'JPY' }, admin))).resolves.toBe(
      'validation_failed',
    );
  });

  it('works out the outcome of a kept (frozen) catalog copy once, and of anything else every time', async () => {
    const copies = new Map<string, PropertyCatalog>();
    // A reader that keeps its copies, as the cached adapter does: one frozen catalog per key.
    const keeping: PropertyCatalogReader = {
      read: async (tenantId, key) => {
        const name = `${tenantId}/${'id' in key ? key.id : key.slug}`;
        if (!copies.has(name)) copies.set(name, frozen(await c.reader.read(tenantId, key)) as PropertyCatalog);
        return copies.get(name) ?? null;
      },
    };
    const detail = new GetPropertyDetail(keeping, readModel());
    const full = new GetPropertyFull(keeping, readModel());

    const first = await detail.execute({ propertyId: promoted.id }, anonymousCaller(T1));
    expect(first).toBeInstanceOf(KeptOutcome);
    await expect(detail.execute({ propertyId: promoted.id }, agent)).resolves.toBe(first);
    await expect(new GetPropertyDetail(c.reader, readModel()).execute({ propertyId: promoted.id }, anonymousCaller(T1))).resolves.toEqual(
      new Outcome(first.data, first.meta),
    );
    const fullFirst = await full.execute({ slug: 'b-riverside' }, admin);
    await expect(full.execute({ slug: 'b-riverside' }, admin)).resolves.toBe(fullFirst);

    // A new copy (the catalog changed), a converted read and an unfrozen catalog are worked out again.
    copies.clear();
    await expect(detail.execute({ propertyId: promoted.id }, agent)).resolves.not.toBe(first);
    await c.fx.upsert(T1, [{ base: 'EUR', quote: 'USD', rate: 1.1 }]);
    const usd = await detail.execute({ propertyId: promoted.id, currency: 'USD' }, agent);
    expect(usd).not.toBeInstanceOf(KeptOutcome);
    expect(usd.data.display_currency).toBe('USD');
    const plain = new GetPropertyDetail(c.reader, readModel());
    await expect(plain.execute({ propertyId: promoted.id }, agent)).resolves.not.toBeInstanceOf(KeptOutcome);
    // The hidden stay hidden whether or not their copy is kept.
    await expect(codeOf(detail.execute({ propertyId: draft.id }, agent))).resolves.toBe('property_not_found');
  });

  it('admins list every property of their tenant, promoted or not, each with a get action', async () => {
    const { data, meta } = await new ListAdminProperties(c.properties).execute({ limit: 20 }, admin);
    expect(data.items.map((p) => p.slug)).toEqual(['a-draft', 'b-riverside']);
    expect(meta.next_actions).toEqual([
      { rel: 'get', method: 'GET', href: `/v1/admin/properties/${draft.id}` },
      { rel: 'get', method: 'GET', href: `/v1/admin/properties/${promoted.id}` },
    ]);
  });

  it('an admin reads a property with its plans, policy versions and promotion blockers', async () => {
    const read = new GetAdminProperty(c.properties, c.roomTypes, c.ratePlans, c.policies);
    const ready = await read.execute({ propertyId: promoted.id }, admin);
    expect(ready.data.promotion).toEqual({ promotable: true, reasons: [] });
    expect(ready.data.room_types[0].rate_plans).toHaveLength(1);
    expect(ready.data.policies[0].versions).toHaveLength(1);
    const blocked = await read.execute({ propertyId: draft.id }, admin);
    expect(blocked.data.promotion.reasons.map((r) => r.code)).toEqual(['no_room_type']);
    await expect(codeOf(read.execute({ propertyId: promoted.id }, { ...admin, tenantId: T2 }))).resolves.toBe('property_not_found');
  });

  it('reads the inventory and rate calendars of a range; unknown ids and bad ranges are refused', async () => {
    await c.inventory.setAllotment(T1, c.store.roomTypes[0], { from: '2027-05-02', to: '2027-05-02' }, 3);
    const inventory = await new GetInventoryCalendar(c.roomTypes, c.inventory).execute({ roomTypeId, range: { from: '2027-05-01', to: '2027-05-02' } }, admin);
    expect(inventory.data).toMatchObject({
      room_type_id: roomTypeId,
      default_inventory: 5,
      nights: [
        { night: '2027-05-01', allotment: 5 },
        { night: '2027-05-02', allotment: 3 },
      ],
    });
    await c.dailyRates.setRates(T1, ratePlanId, { from: '2027-05-01', to: '2027-05-01' }, 9900);
    const rates = await new GetRateCalendar(c.ratePlans, c.dailyRates).execute({ ratePlanId, range: { from: '2027-05-01', to: '2027-05-02' } }, admin);
    expect(rates.data).toEqual({
      rate_plan_id: ratePlanId,
      currency: 'EUR',
      base_rate: { amount: 12000, currency: 'EUR' },
      nights: [
        { night: '2027-05-01', amount: 9900, overridden: true, by_adults: null, extra_adult: null, child_rates: null },
        { night: '2027-05-02', amount: 12000, overridden: false, by_adults: null, extra_adult: null, child_rates: null },
      ],
    });
    const other = { ...admin, tenantId: T2 };
    await expect(
      codeOf(new GetInventoryCalendar(c.roomTypes, c.inventory).execute({ roomTypeId, range: { from: '2027-05-01', to: '2027-05-02' } }, other)),
    ).resolves.toBe('room_type_not_found');
    await expect(
      codeOf(new GetRateCalendar(c.ratePlans, c.dailyRates).execute({ ratePlanId, range: { from: '2027-05-02', to: '2027-05-01' } }, admin)),
    ).resolves.toBe('validation_failed');
  });

  it("reads the tenant's effective FX table (its own rows over the platform's)", async () => {
    c.store.fx.push({ tenantId: null, base: 'EUR', quote: 'GBP', rate: 0.8, updatedAt: new Date('2026-01-01T00:00:00Z') });
    await c.fx.upsert(T1, [{ base: 'EUR', quote: 'GBP', rate: 0.9 }]);
    const { data } = await new GetFxRates(c.fx).execute({}, admin);
    expect(data.rates).toEqual([{ base: 'EUR', quote: 'GBP', rate: 0.9, updated_at: expect.any(String) }]);
    await expect(new GetFxRates(c.fx).execute({}, { ...admin, tenantId: T2 })).resolves.toMatchObject({ data: { rates: [{ rate: 0.8 }] } });
  });
});
