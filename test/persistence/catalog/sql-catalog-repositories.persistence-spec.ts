import { randomUUID } from 'node:crypto';
import {
  DailyRateRepository,
  FxRateRepository,
  InventoryRepository,
  PolicyRepository,
  PropertyRepository,
  RatePlanRepository,
  RoomTypeRepository,
} from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

describe('catalog repositories (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    chain = await seedChain(tier, { defaultInventory: 3 });
  });
  afterAll(() => tier.close());

  describe('properties', () => {
    it('reads back what it wrote, numbers as numbers and jsonb as values', async () => {
      const properties = tier.get(PropertyRepository);

      expect(chain.property).toMatchObject({
        tenantId: chain.tenantId,
        starRating: 4,
        geo: { lat: 48.86, lng: 2.35 },
        address: { country: 'FR', postalCode: '75001' },
        amenities: ['wifi'],
        taxes: [{ code: 'vat', name: 'VAT', rate_bps: 1000 }],
        promotedAt: null,
      });
      expect(chain.property.createdAt).toBeInstanceOf(Date);
      await expect(properties.findById(chain.tenantId, chain.property.id)).resolves.toEqual(chain.property);
      await expect(properties.findBySlug(chain.tenantId, chain.property.slug)).resolves.toEqual(chain.property);
      await expect(properties.findById(randomUUID(), chain.property.id)).resolves.toBeNull();
    });

    it('updates only the fields given, stamps updated_at, and answers null for an unknown id', async () => {
      const properties = tier.get(PropertyRepository);
      const own = await seedChain(tier);

      const updated = await properties.update(own.tenantId, own.property.id, {
        name: 'Renamed',
        starRating: 3.5,
        fees: [{ code: 'city', name: 'City fee', amount: 200, per: 'night' }],
      });

      expect(updated).toEqual({
        ...own.property,
        name: 'Renamed',
        starRating: 3.5,
        fees: [{ code: 'city', name: 'City fee', amount: 200, per: 'night' }],
        updatedAt: expect.any(Date),
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(own.property.updatedAt.getTime());
      await expect(properties.update(own.tenantId, randomUUID(), { name: 'Nobody' })).resolves.toBeNull();
    });

    it('promotes once and lists by slug after a cursor, promoted only on request', async () => {
      const properties = tier.get(PropertyRepository);
      const own = await seedChain(tier);
      const first = new Date('2099-01-01T00:00:00Z');

      await properties.markPromoted(own.tenantId, own.property.id, first);
      await properties.markPromoted(own.tenantId, own.property.id, new Date('2099-02-01T00:00:00Z'));
      const second = await properties.create(own.tenantId, { ...own.property, slug: `zz-${own.property.slug}`, address: own.property.address, geo: null });

      expect((await properties.findById(own.tenantId, own.property.id))?.promotedAt).toEqual(first);
      expect(second.geo).toBeNull();
      expect((await properties.list(own.tenantId, { afterSlug: null, limit: 10 }, false)).map((p) => p.id)).toEqual([own.property.id, second.id]);
      expect((await properties.list(own.tenantId, { afterSlug: null, limit: 10 }, true)).map((p) => p.id)).toEqual([own.property.id]);
      expect((await properties.list(own.tenantId, { afterSlug: own.property.slug, limit: 10 }, false)).map((p) => p.id)).toEqual([second.id]);
      expect(await properties.list(own.tenantId, { afterSlug: null, limit: 1 }, false)).toHaveLength(1);
    });
  });

  describe('room types and rate plans', () => {
    it('find by id and code, list by properties, and update only the fields given', async () => {
      const roomTypes = tier.get(RoomTypeRepository);
      const ratePlans = tier.get(RatePlanRepository);

      expect(chain.roomType).toMatchObject({ floorSizeSqm: 20, maxOccupancy: 2, defaultInventory: 3 });
      expect(chain.ratePlan).toMatchObject({ baseRate: { amount: 10000, currency: 'EUR' }, policyId: chain.policy.id });
      await expect(roomTypes.findByCode(chain.tenantId, chain.property.id, 'dbl')).resolves.toEqual(chain.roomType);
      await expect(ratePlans.findByCode(chain.tenantId, chain.roomType.id, 'flex')).resolves.toEqual(chain.ratePlan);
      await expect(roomTypes.listByProperties(chain.tenantId, [chain.property.id])).resolves.toEqual([chain.roomType]);
      await expect(ratePlans.listByProperties(chain.tenantId, [chain.property.id])).resolves.toEqual([chain.ratePlan]);
      await expect(roomTypes.listByProperties(chain.tenantId, [])).resolves.toEqual([]);

      const own = await seedChain(tier);
      await expect(roomTypes.update(own.tenantId, own.roomType.id, { name: 'Twin', floorSizeSqm: 22.5 })).resolves.toEqual({
        ...own.roomType,
        name: 'Twin',
        floorSizeSqm: 22.5,
      });
      await expect(roomTypes.update(own.tenantId, own.roomType.id, {})).resolves.toEqual({ ...own.roomType, name: 'Twin', floorSizeSqm: 22.5 });
      await expect(ratePlans.update(own.tenantId, own.ratePlan.id, { baseRate: { amount: 12345, currency: 'USD' } })).resolves.toEqual({
        ...own.ratePlan,
        baseRate: { amount: 12345, currency: 'USD' },
      });
      await expect(ratePlans.update(own.tenantId, randomUUID(), { name: 'Nobody' })).resolves.toBeNull();
    });

    it("keeps a plan's occupancy pricing as set, and null clears it", async () => {
      const ratePlans = tier.get(RatePlanRepository);
      const own = await seedChain(tier);
      expect(own.ratePlan.occupancyPricing).toBeNull();
      const pricing = { base_adults: 1, child_rates: [{ max_age: 6, amount: 0 }] };
      await expect(ratePlans.update(own.tenantId, own.ratePlan.id, { occupancyPricing: pricing })).resolves.toMatchObject({ occupancyPricing: pricing });
      await expect(ratePlans.findById(own.tenantId, own.ratePlan.id)).resolves.toMatchObject({ occupancyPricing: pricing });
      await expect(ratePlans.listByProperties(own.tenantId, [own.property.id])).resolves.toMatchObject([{ occupancyPricing: pricing }]);
      await expect(ratePlans.update(own.tenantId, own.ratePlan.id, { occupancyPricing: null })).resolves.toMatchObject({ occupancyPricing: null });
      const created = await ratePlans.create(own.tenantId, own.roomType, {
        code: 'family',
        name: 'Family',
        baseRate: { amount: 9000, currency: 'EUR' },
        mealPlan: 'room_only',
        policyId: null,
        occupancyPricing: { extra_adult: 1500 },
      });
      expect(created.occupancyPricing).toEqual({ extra_adult: 1500 });
    });
  });

  describe('policies', () => {
    it('keeps versions, answers the highest as current, and repoints rate plans to a new version', async () => {
      const policies = tier.get(PolicyRepository);
      const own = await seedChain(tier);

      const v2 = await policies.createVersion(own.tenantId, own.property.id, 'flex', '2', {
        cancellationKind: 'non_refundable',
        freeCancellationHoursBeforeCheckin: 0,
        cancellationFeePctAfterCutoff: 100,
        childPolicyText: 'Children stay free.',
      });
      const moved = await tier.get(RatePlanRepository).repointPolicy(own.tenantId, own.property.id, 'flex', v2.id);

      expect(own.policy).toMatchObject({ version: '1', cancellationFeePctAfterCutoff: 50, freeCancellationHoursBeforeCheckin: 48 });
      expect((await policies.listVersions(own.tenantId, own.property.id, 'flex')).map((p) => p.version)).toEqual(['2', '1']);
      await expect(policies.findCurrent(own.tenantId, own.property.id, 'flex')).resolves.toEqual(v2);
      await expect(policies.findById(own.tenantId, own.policy.id)).resolves.toEqual(own.policy);
      await expect(policies.listCurrent(own.tenantId, [own.property.id])).resolves.toEqual([v2]);
      expect(moved).toBe(1);
      expect((await tier.get(RatePlanRepository).findById(own.tenantId, own.ratePlan.id))?.policyId).toBe(v2.id);
      await expect(tier.get(RatePlanRepository).repointPolicy(own.tenantId, own.property.id, 'flex', v2.id)).resolves.toBe(0);
    });
  });

  describe('daily rates, inventory and fx rates', () => {
    const range = { from: '2099-03-01', to: '2099-03-03' };

    it('sets and clears per-date rates, counting the nights changed', async () => {
      const rates = tier.get(DailyRateRepository);
      const own = await seedChain(tier);

      await expect(rates.setRates(own.tenantId, own.ratePlan.id, range, 15000)).resolves.toBe(3);
      await expect(rates.setRates(own.tenantId, own.ratePlan.id, { from: '2099-03-02', to: '2099-03-02' }, null)).resolves.toBe(1);

      await expect(rates.listRates(own.tenantId, own.ratePlan, range)).resolves.toEqual([
        { night: '2099-03-01', amount: 15000, overridden: true, by_adults: null, extra_adult: null, child_rates: null },
        { night: '2099-03-02', amount: 10000, overridden: false, by_adults: null, extra_adult: null, child_rates: null },
        { night: '2099-03-03', amount: 15000, overridden: true, by_adults: null, extra_adult: null, child_rates: null },
      ]);
      const party = { by_adults: { '1': 9000 }, extra_adult: 2000, child_rates: [{ max_age: 9, amount: 700 }] };
      await expect(rates.setRates(own.tenantId, own.ratePlan.id, { from: '2099-03-01', to: '2099-03-01' }, 15500, party)).resolves.toBe(1);
      await expect(rates.listRates(own.tenantId, own.ratePlan, { from: '2099-03-01', to: '2099-03-01' })).resolves.toEqual([
        { night: '2099-03-01', amount: 15500, overridden: true, ...party },
      ]);
      // a night set again without party prices is replaced whole; clearing the rate clears them too
      await rates.setRates(own.tenantId, own.ratePlan.id, { from: '2099-03-01', to: '2099-03-01' }, 15500, { extra_adult: 100 });
      await expect(rates.listRates(own.tenantId, own.ratePlan, { from: '2099-03-01', to: '2099-03-01' })).resolves.toMatchObject([
        { by_adults: null, extra_adult: 100, child_rates: null },
      ]);
    });

    it('overrides allotments, applies a new default inventory, and refuses one below what is committed', async () => {
      const inventory = tier.get(InventoryRepository);
      const own = await seedChain(tier, { defaultInventory: 3 });

      await inventory.setAllotment(own.tenantId, own.roomType, { from: '2099-03-02', to: '2099-03-02' }, 5);
      await tier.query(`INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held) VALUES ($1, $2, '2099-03-03', 3, 2)`, [
        own.tenantId,
        own.roomType.id,
      ]);

      await expect(inventory.listNights(own.tenantId, own.roomType, range)).resolves.toEqual([
        { night: '2099-03-01', allotment: 3, overridden: false, held: 0, sold: 0, available: 3 },
        { night: '2099-03-02', allotment: 5, overridden: true, held: 0, sold: 0, available: 5 },
        { night: '2099-03-03', allotment: 3, overridden: false, held: 2, sold: 0, available: 1 },
      ]);
      await expect(inventory.applyDefaultInventory(own.tenantId, own.roomType.id, 1, '2099-03-01')).resolves.toEqual([
        { night: '2099-03-03', allotment: 1, committed: 2 },
      ]);
      await expect(inventory.applyDefaultInventory(own.tenantId, own.roomType.id, 4, '2099-03-01')).resolves.toEqual([]);
      expect((await inventory.listNights(own.tenantId, own.roomType, range)).map((n) => n.allotment)).toEqual([3, 5, 4]);
    });

    it('upserts a tenant rate that wins over the platform-wide one', async () => {
      const fx = tier.get(FxRateRepository);
      const own = await seedChain(tier);

      await fx.upsert(own.tenantId, [{ base: 'EUR', quote: 'ZZZ', rate: 1.5 }]);
      await fx.upsert(own.tenantId, [{ base: 'EUR', quote: 'ZZZ', rate: 1.25 }]);

      const zzz = (await fx.listEffective(own.tenantId)).filter((r) => r.quote === 'ZZZ');
      expect(zzz).toEqual([{ base: 'EUR', quote: 'ZZZ', rate: 1.25, updatedAt: expect.any(Date) }]);
    });
  });
});
