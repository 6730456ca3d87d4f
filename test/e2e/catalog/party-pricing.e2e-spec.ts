import { createTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, PropertyFixture } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/** Wiring of docs/catalog.md end to end; the rules themselves are unit- and persistence-tested. */
describe('party pricing and honest totals (admin routes, quote, search)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let hotel: PropertyFixture;
  const checkIn = daysFromNow(20);
  const checkOut = daysFromNow(22);
  const family = { adults: 3, children: [{ age: 4 }, { age: 8 }] };
  const eur = (amount: number) => ({ amount, currency: 'EUR' });

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.app);
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    agent = { authorization: `Bearer ${(await createAgent(t.app, tenant.tenantId)).apiKey}` };
    hotel = await createProperty(t, tenant.adminKey, {
      city: 'Famagusta',
      rooms: [{ code: 'FAM', maxOccupancy: 5, plans: [{ code: 'FAM', amount: 10000, policy: 'flex' }] }],
    });
  });
  afterAll(() => t.close());

  it('sets occupancy pricing, per-date party prices and taxes through admin routes, refusing bad input with every path', async () => {
    const planId = hotel.roomTypes[0].ratePlans[0].id;
    const bad = await t
      .http()
      .patch(`/v1/admin/rate-plans/${planId}`)
      .set(admin)
      .send({
        occupancy_pricing: {
          base_adults: 6,
          child_rates: [
            { max_age: 11, amount: 1 },
            { max_age: 5, amount: 1 },
          ],
        },
      });
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual([
      'occupancy_pricing.base_adults',
      'occupancy_pricing.child_rates.1.max_age',
    ]);
    // hostile shapes are field errors, never a 5xx
    const hostile = await t
      .http()
      .put(`/v1/admin/rate-plans/${planId}/rates`)
      .set(admin)
      .send({ from: daysFromNow(21), to: daysFromNow(21), amount: 1, by_adults: ['x'], child_rates: [{ max_age: 'x' }] });
    expect(hostile.status).toBe(400);
    const nulls = await t
      .http()
      .patch(`/v1/admin/rate-plans/${planId}`)
      .set(admin)
      .send({ occupancy_pricing: { base_adults: null, child_rates: null } });
    expect(nulls.status).toBe(200);
    const plan = await t
      .http()
      .patch(`/v1/admin/rate-plans/${planId}`)
      .set(admin)
      .send({
        occupancy_pricing: {
          extra_adult: 2500,
          child_rates: [
            { max_age: 5, amount: 0 },
            { max_age: 11, amount: 1500 },
          ],
        },
      });
    expect(plan.status).toBe(200);
    expect(plan.body.data.occupancy_pricing).toEqual({
      base_adults: 2,
      extra_adult: 2500,
      child_rates: [
        { max_age: 5, amount: 0 },
        { max_age: 11, amount: 1500 },
      ],
    });

    const night = daysFromNow(21);
    const rates = await t
      .http()
      .put(`/v1/admin/rate-plans/${planId}/rates`)
      .set(admin)
      .send({ from: night, to: night, amount: 11000, by_adults: { '3': 16000 } });
    expect(rates.status).toBe(200);
    expect(rates.body.data.nights).toEqual([{ night, amount: 11000, overridden: true, by_adults: { '3': 16000 }, extra_adult: null, child_rates: null }]);

    const property = await t
      .http()
      .patch(`/v1/admin/properties/${hotel.id}`)
      .set(admin)
      .send({
        taxes: [
          { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true },
          { code: 'CITY', name: 'City tax', amount: 250, per: 'person_night', payable: 'at_property' },
        ],
        fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' }],
      });
    expect(property.status).toBe(200);
  });

  it('quotes the family: party nights, an included VAT, a city tax at the property, and the split frozen with the terms', async () => {
    const res = await t
      .http()
      .post('/v1/quotes')
      .set(agent)
      .send({
        hotel_id: hotel.id,
        room_type_id: hotel.roomTypes[0].id,
        rate_plan_id: hotel.roomTypes[0].ratePlans[0].id,
        stay: { check_in: checkIn, check_out: checkOut },
        guests: family,
      });
    expect(res.status).toBe(201);
    const price = res.body.data.price_breakdown;
    // night 1: 10000 + 2500 (third adult) + 0 + 1500; night 2: by_adults 16000 + 0 + 1500
    expect(price.nights.map((n: { amount: { amount: number } }) => n.amount.amount)).toEqual([14000, 17500]);
    expect(price.taxes).toEqual([
      // 31500 × 1000 / 11000 = 2863.6 -> 2864, inside the nights
      { code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(2864), included: true, payable: 'online' },
      // 250 × 5 persons × 2 nights
      { code: 'CITY', name: 'City tax', amount: eur(2500), included: false, payable: 'at_property' },
    ]);
    expect(price.fees).toEqual([{ code: 'CLEAN', name: 'Cleaning', amount: eur(1500), included: false, payable: 'online' }]);
    expect(price.total).toEqual(eur(31500 + 2500 + 1500));
    expect(price.payable_online).toEqual(eur(33000));
    expect(price.payable_at_property).toEqual(eur(2500));
    expect(res.body.data.policy_snapshot).toMatchObject({ payable_online: eur(33000), payable_at_property: eur(2500) });
  });

  it('searches at the price of the party and totals the stay with every tax and fee', async () => {
    const res = await t
      .http()
      .post('/v1/search')
      .set(agent)
      .send({ destination: { type: 'area', value: 'famagusta' }, stay: { check_in: checkIn, check_out: checkOut }, guests: family });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { best_offer: unknown }) => r.best_offer)).toEqual([
      {
        room_type_id: hotel.roomTypes[0].id,
        rate_plan_id: hotel.roomTypes[0].ratePlans[0].id,
        price_per_night: eur(15750),
        total: eur(35500),
      },
    ]);
  });
});
