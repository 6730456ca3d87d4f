import { randomUUID } from 'node:crypto';
import type {
  AllotmentConflict,
  DailyRate,
  DateRange,
  InventoryNight,
  NightPartyPrices,
  PageRequest,
  Policy,
  PolicyFields,
  Property,
  PropertyFields,
  RatePlan,
  RatePlanFields,
  RoomType,
  RoomTypeFields,
} from '../catalog/catalog';
import { DailyRateRepository } from '../catalog/ports/daily-rate.repository';
import { FxRateRepository } from '../catalog/ports/fx-rate.repository';
import { InventoryRepository } from '../catalog/ports/inventory.repository';
import { PolicyRepository } from '../catalog/ports/policy.repository';
import { PropertyCatalog, PropertyCatalogReader } from '../catalog/ports/property-catalog.reader';
import { PropertyRepository } from '../catalog/ports/property.repository';
import { RatePlanRepository } from '../catalog/ports/rate-plan.repository';
import { RoomTypeRepository } from '../catalog/ports/room-type.repository';
import type { FxRate } from '../money/fx';

/** Every night of an inclusive range of local dates. */
export function nightsOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = new Date(`${range.from}T00:00:00Z`); d <= new Date(`${range.to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/** One tenant-scoped in-memory catalog that every fake port below reads and writes. */
export class FakeCatalogStore {
  properties: Property[] = [];
  roomTypes: RoomType[] = [];
  ratePlans: RatePlan[] = [];
  policies: Policy[] = [];
  /** `allotments[roomTypeId][night]`, with held and sold. */
  nights = new Map<string, Map<string, { allotment: number; held: number; sold: number }>>();
  /** `rates[ratePlanId][night]` in minor units. */
  rates = new Map<string, Map<string, number>>();
  fx: Array<FxRate & { tenantId: string | null }> = [];
}

export class FakeProperties extends PropertyRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async create(tenantId: string, fields: PropertyFields): Promise<Property> {
    const now = new Date();
    const row: Property = { ...fields, id: randomUUID(), tenantId, promotedAt: null, createdAt: now, updatedAt: now };
    this.store.properties.push(row);
    return row;
  }
  async update(tenantId: string, id: string, patch: Partial<PropertyFields>) {
    const row = await this.findById(tenantId, id);
    if (row) Object.assign(row, patch, { updatedAt: new Date() });
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.store.properties.find((p) => p.tenantId === tenantId && p.id === id) ?? null;
  }
  async findBySlug(tenantId: string, slug: string) {
    return this.store.properties.find((p) => p.tenantId === tenantId && p.slug === slug) ?? null;
  }
  async list(tenantId: string, page: PageRequest, promotedOnly: boolean) {
    return this.store.properties
      .filter((p) => p.tenantId === tenantId && (!promotedOnly || p.promotedAt !== null) && (page.afterSlug === null || p.slug > page.afterSlug))
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .slice(0, page.limit);
  }
  async markPromoted(tenantId: string, id: string, at: Date) {
    const row = await this.findById(tenantId, id);
    if (row) row.promotedAt = at;
  }
}

export class FakeRoomTypes extends RoomTypeRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async create(tenantId: string, propertyId: string, fields: RoomTypeFields): Promise<RoomType> {
    const row: RoomType = { ...fields, id: randomUUID(), tenantId, propertyId, createdAt: new Date() };
    this.store.roomTypes.push(row);
    return row;
  }
  async update(tenantId: string, id: string, patch: Partial<RoomTypeFields>) {
    const row = await this.findById(tenantId, id);
    if (row) Object.assign(row, patch);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.store.roomTypes.find((r) => r.tenantId === tenantId && r.id === id) ?? null;
  }
  async findByCode(tenantId: string, propertyId: string, code: string) {
    return this.store.roomTypes.find((r) => r.tenantId === tenantId && r.propertyId === propertyId && r.code === code) ?? null;
  }
  async listByProperties(tenantId: string, propertyIds: string[]) {
    return this.store.roomTypes.filter((r) => r.tenantId === tenantId && propertyIds.includes(r.propertyId));
  }
}

export class FakeRatePlans extends RatePlanRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async create(tenantId: string, roomType: RoomType, fields: RatePlanFields): Promise<RatePlan> {
    const row: RatePlan = {
      ...fields,
      occupancyPricing: fields.occupancyPricing ?? null,
      paymentTerms: fields.paymentTerms ?? null,
      id: randomUUID(),
      tenantId,
      propertyId: roomType.propertyId,
      roomTypeId: roomType.id,
      createdAt: new Date(),
    };
    this.store.ratePlans.push(row);
    return row;
  }
  async update(tenantId: string, id: string, patch: Partial<RatePlanFields>) {
    const row = await this.findById(tenantId, id);
    if (row) Object.assign(row, patch);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.store.ratePlans.find((p) => p.tenantId === tenantId && p.id === id) ?? null;
  }
  async findByCode(tenantId: string, roomTypeId: string, code: string) {
    return this.store.ratePlans.find((p) => p.tenantId === tenantId && p.roomTypeId === roomTypeId && p.code === code) ?? null;
  }
  async listByProperties(tenantId: string, propertyIds: string[]) {
    return this.store.ratePlans.filter((p) => p.tenantId === tenantId && propertyIds.includes(p.propertyId));
  }
  async repointPolicy(tenantId: string, propertyId: string, policyCode: string, policyId: string) {
    const lineage = new Set(
      this.store.policies.filter((p) => p.tenantId === tenantId && p.propertyId === propertyId && p.code === policyCode).map((p) => p.id),
    );
    const plans = this.store.ratePlans.filter((p) => p.tenantId === tenantId && p.policyId !== null && lineage.has(p.policyId));
    for (const plan of plans) plan.policyId = policyId;
    return plans.length;
  }
}

export class FakePolicies extends PolicyRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async createVersion(tenantId: string, propertyId: string, code: string, version: string, fields: PolicyFields): Promise<Policy> {
    const row: Policy = { ...fields, id: randomUUID(), tenantId, propertyId, code, version, createdAt: new Date() };
    this.store.policies.push(row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.store.policies.find((p) => p.tenantId === tenantId && p.id === id) ?? null;
  }
  async findCurrent(tenantId: string, propertyId: string, code: string) {
    return (await this.listVersions(tenantId, propertyId, code))[0] ?? null;
  }
  async listVersions(tenantId: string, propertyId: string, code: string) {
    return this.store.policies.filter((p) => p.tenantId === tenantId && p.propertyId === propertyId && p.code === code).reverse();
  }
  async listCurrent(tenantId: string, propertyIds: string[]) {
    const newest = new Map<string, Policy>();
    for (const p of this.store.policies) if (p.tenantId === tenantId && propertyIds.includes(p.propertyId)) newest.set(`${p.propertyId}/${p.code}`, p);
    return [...newest.values()];
  }
  async lockLineage(): Promise<void> {}
}

export class FakeInventory extends InventoryRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async setAllotment(_tenantId: string, roomType: RoomType, range: DateRange, allotment: number | null) {
    const nights = this.nightsOf(roomType.id);
    for (const night of nightsOf(range)) {
      const row = nights.get(night) ?? { allotment: roomType.defaultInventory, held: 0, sold: 0 };
      nights.set(night, { ...row, allotment: allotment ?? roomType.defaultInventory });
    }
  }
  async applyDefaultInventory(): Promise<AllotmentConflict[]> {
    return [];
  }
  async listNights(_tenantId: string, roomType: RoomType, range: DateRange): Promise<InventoryNight[]> {
    const nights = this.nightsOf(roomType.id);
    return nightsOf(range).map((night) => {
      const row = nights.get(night);
      const allotment = row?.allotment ?? roomType.defaultInventory;
      const held = row?.held ?? 0;
      const sold = row?.sold ?? 0;
      return {
        night,
        allotment,
        overridden: row !== undefined && row.allotment !== roomType.defaultInventory,
        held,
        sold,
        available: Math.max(0, allotment - held - sold),
      };
    });
  }
  private nightsOf(roomTypeId: string) {
    let nights = this.store.nights.get(roomTypeId);
    if (!nights) this.store.nights.set(roomTypeId, (nights = new Map()));
    return nights;
  }
}

export class FakeDailyRates extends DailyRateRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  /** Party prices set with each night's rate, by rate plan and night. */
  party = new Map<string, NightPartyPrices>();
  async setRates(_tenantId: string, ratePlanId: string, range: DateRange, amount: number | null, party: NightPartyPrices = {}) {
    let rates = this.store.rates.get(ratePlanId);
    if (!rates) this.store.rates.set(ratePlanId, (rates = new Map()));
    const nights = nightsOf(range);
    for (const night of nights) {
      if (amount === null) rates.delete(night);
      else rates.set(night, amount);
      if (amount === null) this.party.delete(`${ratePlanId} ${night}`);
      else this.party.set(`${ratePlanId} ${night}`, party);
    }
    return nights.length;
  }
  async listRates(_tenantId: string, ratePlan: RatePlan, range: DateRange): Promise<DailyRate[]> {
    const rates = this.store.rates.get(ratePlan.id);
    return nightsOf(range).map((night) => {
      const amount = rates?.get(night);
      const party = amount === undefined ? undefined : this.party.get(`${ratePlan.id} ${night}`);
      return {
        night,
        amount: amount ?? ratePlan.baseRate.amount,
        overridden: amount !== undefined,
        by_adults: party?.by_adults ?? null,
        extra_adult: party?.extra_adult ?? null,
        child_rates: party?.child_rates ?? null,
      };
    });
  }
}

/** Tenant rows override platform rows (tenantId null) for a pair. */
export class FakeFxRates extends FxRateRepository {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async upsert(tenantId: string, rates: Array<{ base: string; quote: string; rate: number }>) {
    for (const r of rates) {
      this.store.fx = this.store.fx.filter((x) => !(x.tenantId === tenantId && x.base === r.base && x.quote === r.quote));
      this.store.fx.push({ ...r, tenantId, updatedAt: new Date() });
    }
  }
  async listEffective(tenantId: string): Promise<FxRate[]> {
    const byPair = new Map<string, FxRate>();
    for (const row of this.store.fx.filter((x) => x.tenantId === null)) byPair.set(`${row.base}/${row.quote}`, row);
    for (const row of this.store.fx.filter((x) => x.tenantId === tenantId)) byPair.set(`${row.base}/${row.quote}`, row);
    return [...byPair.values()].map(({ base, quote, rate, updatedAt }) => ({ base, quote, rate, updatedAt }));
  }
}

/** The one-round-trip public read, answered from the same store. */
export class FakePropertyCatalogReader extends PropertyCatalogReader {
  constructor(private readonly store: FakeCatalogStore) {
    super();
  }
  async read(tenantId: string, key: { id: string } | { slug: string }): Promise<PropertyCatalog | null> {
    const property = this.store.properties.find((p) => p.tenantId === tenantId && ('id' in key ? p.id === key.id : p.slug === key.slug));
    if (!property) return null;
    const ratePlans = this.store.ratePlans.filter((p) => p.propertyId === property.id);
    const pointedAt = new Set(ratePlans.map((p) => p.policyId));
    return {
      property,
      roomTypes: this.store.roomTypes.filter((r) => r.propertyId === property.id),
      ratePlans,
      policies: this.store.policies.filter((p) => p.propertyId === property.id || pointedAt.has(p.id)),
    };
  }
}

/** Every catalog port over one store, as a use case's constructor wants them. */
export function fakeCatalog(store = new FakeCatalogStore()) {
  return {
    store,
    properties: new FakeProperties(store),
    roomTypes: new FakeRoomTypes(store),
    ratePlans: new FakeRatePlans(store),
    policies: new FakePolicies(store),
    inventory: new FakeInventory(store),
    dailyRates: new FakeDailyRates(store),
    fx: new FakeFxRates(store),
    reader: new FakePropertyCatalogReader(store),
  };
}
