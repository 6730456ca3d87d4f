import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, PropertyFixture, sql, TestAgent } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/search', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  let bearer: { authorization: string };
  let admin: { authorization: string };
  let cheap: PropertyFixture;
  let grand: PropertyFixture;
  let porto: PropertyFixture;
  let tokyo: PropertyFixture;
  const stay = { check_in: daysFromNow(20), check_out: daysFromNow(23) };

  const search = (body: object) => t.http().post('/v1/search').set(bearer).send(body);
  const ids = (res: { body: { data: { results: Array<{ hotel_id: string }> } } }) => res.body.data.results.map((r) => r.hotel_id);

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant.tenantId);
    bearer = { authorization: `Bearer ${agent.apiKey}` };
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    cheap = await createProperty(t, tenant.adminKey, {
      slug: 'lisbon-budget',
      name: 'Budget Rooms',
      city: 'Lisbon',
      region: 'Lisboa',
      starRating: 2,
      rooms: [{ code: 'DBL', maxOccupancy: 2, defaultInventory: 2, plans: [{ code: 'NR', amount: 8000, policy: 'nonref' }] }],
    });
    grand = await createProperty(t, tenant.adminKey, {
      slug: 'lisbon-grand',
      name: 'Grand Palace Lisbon',
      city: 'Lisbon',
      region: 'Lisboa',
      starRating: 5,
      rooms: [
        {
          code: 'DBL',
          maxOccupancy: 2,
          plans: [
            { code: 'FLEX', amount: 20000, policy: 'flex', mealPlan: 'breakfast' },
            { code: 'NR', amount: 17000, policy: 'nonref' },
          ],
        },
        { code: 'FAM', maxOccupancy: 4, plans: [{ code: 'FLEX', amount: 30000, policy: 'flex', mealPlan: 'breakfast' }] },
      ],
    });
    porto = await createProperty(t, tenant.adminKey, { slug: 'porto-inn', name: 'Porto Inn', city: 'Porto', region: 'Norte' });
    tokyo = await createProperty(t, tenant.adminKey, {
      slug: 'tokyo-stay',
      name: 'Tokyo Stay',
      city: 'Tokyo',
      country: 'JP',
      timezone: 'Asia/Tokyo',
      currency: 'JPY',
      rooms: [{ code: 'DBL', plans: [{ code: 'FLEX', amount: 15000, policy: 'flex' }] }],
    });
    await createProperty(t, tenant.adminKey, { slug: 'lisbon-unlisted', city: 'Lisbon', promote: false });
    await t
      .http()
      .put('/v1/admin/fx-rates')
      .set(admin)
      .send({ rates: [{ base: 'EUR', quote: 'JPY', rate: 150 }] });
  });
  afterAll(() => t.close());

  it('finds the promoted properties of an area, ranked, explained, with a ready quote per result', async () => {
    const res = await search({ destination: { type: 'area', value: 'LISBON' }, stay, guests: { adults: 2 } });
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([cheap.id, grand.id].sort());
    const [first] = res.body.data.results;
    expect(Object.keys(first).sort()).toEqual(['best_offer', 'explanation', 'hotel_id', 'name', 'rank_score']);
    expect(first.rank_score).toBeGreaterThan(res.body.data.results[1].rank_score);
    for (const r of res.body.data.results) {
      expect(r.explanation.length).toBeGreaterThanOrEqual(3);
      for (const line of r.explanation) expect(typeof line).toBe('string');
      expect(r.best_offer.price_per_night.amount).toEqual(expect.any(Number));
      expect(Number.isInteger(r.best_offer.price_per_night.amount)).toBe(true);
      expect(r.best_offer.price_per_night.currency).toMatch(/^[A-Z]{3}$/);
    }
    const grandResult = res.body.data.results.find((r: { hotel_id: string }) => r.hotel_id === grand.id);
    // Cheapest matching offer of the property: the non-refundable double.
    expect(grandResult.best_offer).toEqual({
      room_type_id: grand.roomTypes[0].id,
      rate_plan_id: grand.roomTypes[0].ratePlans[1].id,
      price_per_night: { amount: 17000, currency: 'EUR' },
      // the whole stay with the property's 6% VAT: 51000 + 3060
      total: { amount: 54060, currency: 'EUR' },
    });
    expect(grandResult.explanation.join(' ')).toContain('available on all 3 nights');
    expect(res.body.next_actions).toHaveLength(2);
    expect(res.body.next_actions).toContainEqual({
      rel: 'quote',
      method: 'POST',
      href: '/v1/quotes',
      body_hint: {
        hotel_id: grand.id,
        room_type_id: grand.roomTypes[0].id,
        rate_plan_id: grand.roomTypes[0].ratePlans[1].id,
        stay,
        guests: { adults: 2, children: [] },
      },
    });
  });

  it('matches an area by region, country code or name, and a property by id or slug', async () => {
    expect(ids(await search({ destination: { type: 'area', value: 'norte' }, stay, guests: { adults: 1 } }))).toEqual([porto.id]);
    expect(ids(await search({ destination: { type: 'area', value: 'jp' }, stay, guests: { adults: 1 } }))).toEqual([tokyo.id]);
    expect(ids(await search({ destination: { type: 'area', value: 'palace' }, stay, guests: { adults: 1 } }))).toEqual([grand.id]);
    expect(ids(await search({ destination: { type: 'property', value: grand.id }, stay, guests: { adults: 1 } }))).toEqual([grand.id]);
    expect(ids(await search({ destination: { type: 'property', value: 'porto-inn' }, stay, guests: { adults: 1 } }))).toEqual([porto.id]);
    const everywhere = await search({ stay, guests: { adults: 1 } });
    expect(ids(everywhere).sort()).toEqual([cheap.id, grand.id, porto.id, tokyo.id].sort());
  });

  it('accepts the flat variant and rejects unknown fields in both, on the caller paths', async () => {
    const flat = await search({ destination: 'Lisbon', check_in: stay.check_in, check_out: stay.check_out, guests: { adults: 2 } });
    expect(flat.status).toBe(200);
    expect(ids(flat).sort()).toEqual([cheap.id, grand.id].sort());

    const flatBad = await search({ destination: 'Lisbon', check_in: 'soon', guests: { adults: 0 }, rooms: 1 });
    expect(flatBad.status).toBe(400);
    expect(flatBad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['check_in', 'check_out', 'guests.adults', 'rooms']);

    const nestedBad = await search({
      destination: { type: 'city', value: '' },
      stay: { check_in: '2027-13-01' },
      guests: { adults: 21, children: [{ age: 18 }, { age: 3, name: 'x' }] },
      constraints: { max_price_per_night: { amount: -1, currency: 'eur' }, meal_plan: 'pizza' },
      check_in: stay.check_in,
    });
    expect(nestedBad.status).toBe(400);
    expect(nestedBad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual([
      'check_in',
      'constraints.max_price_per_night.amount',
      'constraints.max_price_per_night.currency',
      'constraints.meal_plan',
      'destination.type',
      'destination.value',
      'guests.adults',
      'guests.children[0].age',
      'guests.children[1].name',
      'stay.check_in',
      'stay.check_out',
    ]);
    const empty = await search({});
    expect(empty.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['guests', 'stay']);
  });

  it('applies the stay rules of quotes, on the caller paths', async () => {
    // Each stay rule and its message is a unit test of the stay rules; here, one stay refused by the
    // use case and one by the body's date validation, on the nested and the flat paths.
    const cases: Array<[object, string, string]> = [
      [{ check_in: daysFromNow(-3), check_out: daysFromNow(-1) }, 'stay.check_in', 'past'],
      [{ check_in: '2027-02-30', check_out: '2027-03-02' }, 'stay.check_in', 'real date'],
    ];
    for (const [badStay, path, words] of cases) {
      const res = await search({ stay: badStay, guests: { adults: 1 } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.detail.field_errors).toContainEqual({ path, message: expect.stringContaining(words) });
    }
    const flat = await search({ check_in: daysFromNow(-3), check_out: daysFromNow(-1), guests: { adults: 1 } });
    expect(flat.body.error.detail.field_errors[0].path).toBe('check_in');
  });

  it('drops a room type sold out on any night, and falls back to default_inventory where no row exists', async () => {
    const body = { destination: { type: 'property', value: cheap.id }, stay, guests: { adults: 2 } };
    expect(ids(await search(body))).toEqual([cheap.id]);
    const roomTypeId = cheap.roomTypes[0].id;
    // Only the middle night has a row: sold out there.
    await sql(t).query(`INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, sold) VALUES ($1, $2, $3, 2, 2)`, [
      tenant.tenantId,
      roomTypeId,
      daysFromNow(21),
    ]);
    const soldOut = await search(body);
    expect(soldOut.status).toBe(200);
    expect(soldOut.body.data.results).toEqual([]);
    expect(soldOut.body.next_actions).toEqual([{ rel: 'search', method: 'POST', href: '/v1/search' }]);
    // A stay that avoids that night is fine.
    const other = await search({ ...body, stay: { check_in: daysFromNow(22), check_out: daysFromNow(24) } });
    expect(ids(other)).toEqual([cheap.id]);
    // One room back on that night: available again, with "1 left".
    await sql(t).query(`UPDATE inventory_nights SET sold = 1 WHERE room_type_id = $1 AND night = $2`, [roomTypeId, daysFromNow(21)]);
    const back = await search(body);
    expect(back.body.data.results[0].explanation[1]).toContain('1 left');
    // A default inventory of 0 with no rows means nothing to sell.
    await t.http().patch(`/v1/admin/room-types/${porto.roomTypes[0].id}`).set(admin).send({ default_inventory: 0 });
    expect(ids(await search({ destination: { type: 'property', value: porto.id }, stay, guests: { adults: 1 } }))).toEqual([]);
    await t.http().patch(`/v1/admin/room-types/${porto.roomTypes[0].id}`).set(admin).send({ default_inventory: 5 });
  });

  it('returns only room types that fit the party', async () => {
    const four = await search({ destination: { type: 'area', value: 'lisbon' }, stay, guests: { adults: 2, children: [{ age: 5 }, { age: 9 }] } });
    expect(ids(four)).toEqual([grand.id]);
    expect(four.body.data.results[0].best_offer.room_type_id).toBe(grand.roomTypes[1].id);
    expect(four.body.next_actions[0].body_hint.guests).toEqual({ adults: 2, children: [{ age: 5 }, { age: 9 }] });
    const five = await search({ destination: { type: 'area', value: 'lisbon' }, stay, guests: { adults: 5 } });
    expect(five.body.data.results).toEqual([]);
  });

  it('filters by meal plan, cancellation and budget (through FX for other currencies)', async () => {
    const area = { type: 'area', value: 'lisbon' };
    const breakfast = await search({ destination: area, stay, guests: { adults: 2 }, constraints: { meal_plan: 'breakfast' } });
    expect(ids(breakfast)).toEqual([grand.id]);
    expect(breakfast.body.data.results[0].best_offer.rate_plan_id).toBe(grand.roomTypes[0].ratePlans[0].id);
    const flexible = await search({ destination: area, stay, guests: { adults: 2 }, constraints: { cancellation: 'free_cancellation' } });
    expect(ids(flexible)).toEqual([grand.id]);
    const budget = await search({ destination: area, stay, guests: { adults: 2 }, constraints: { max_price_per_night: { amount: 9000, currency: 'EUR' } } });
    expect(ids(budget)).toEqual([cheap.id]);
    expect(budget.body.data.results[0].explanation.join(' ')).toContain('Within the budget of EUR 90.00');
    // JPY 15000 = EUR 100: inside a EUR 100 budget, outside EUR 99.99.
    const inYen = await search({
      destination: { type: 'area', value: 'tokyo' },
      stay,
      guests: { adults: 2 },
      constraints: { max_price_per_night: { amount: 10000, currency: 'EUR' } },
    });
    expect(ids(inYen)).toEqual([tokyo.id]);
    expect(inYen.body.data.results[0].best_offer.price_per_night).toEqual({ amount: 15000, currency: 'JPY' });
    const tooLow = await search({
      destination: { type: 'area', value: 'tokyo' },
      stay,
      guests: { adults: 2 },
      constraints: { max_price_per_night: { amount: 9999, currency: 'EUR' } },
    });
    expect(ids(tooLow)).toEqual([]);
    // No rate to compare with: left out rather than guessed.
    const noRate = await search({
      destination: { type: 'area', value: 'tokyo' },
      stay,
      guests: { adults: 2 },
      constraints: { max_price_per_night: { amount: 100000, currency: 'CHF' } },
    });
    expect(ids(noRate)).toEqual([]);
  });

  it('prices the stay as the average of nightly rates, per-date rates over the base rate', async () => {
    const planId = porto.roomTypes[0].ratePlans[1].id; // NR, base 10000
    await t.http().put(`/v1/admin/rate-plans/${planId}/rates`).set(admin).send({ from: stay.check_in, to: stay.check_in, amount: 13001 });
    const res = await search({ destination: { type: 'property', value: porto.id }, stay, guests: { adults: 1 } });
    // (13001 + 10000 + 10000) / 3 = 11000.33 -> 11000
    expect(res.body.data.results[0].best_offer).toEqual({
      room_type_id: porto.roomTypes[0].id,
      rate_plan_id: planId,
      price_per_night: { amount: 11000, currency: 'EUR' },
      // 33001 + 6% VAT (1980.06 -> 1980)
      total: { amount: 34981, currency: 'EUR' },
    });
    expect(res.body.data.results[0].explanation[2]).toContain('EUR 110.00 per night on average over 3 nights');
  });

  it('sees nothing of another tenant', async () => {
    const other = await createTenant(t.app);
    const outsider = await createAgent(t.app, other.tenantId);
    const res = await t
      .http()
      .post('/v1/search')
      .set('authorization', `Bearer ${outsider.apiKey}`)
      .send({ destination: { type: 'property', value: grand.id }, stay, guests: { adults: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([]);
    const all = await t
      .http()
      .post('/v1/search')
      .set('authorization', `Bearer ${outsider.apiKey}`)
      .send({ stay, guests: { adults: 1 } });
    expect(all.body.data.results).toEqual([]);
  });
});
