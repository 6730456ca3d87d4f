import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, sql } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('catalog administration', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    admin = { authorization: `Bearer ${tenant.adminKey}` };
  });
  afterAll(() => t.close());

  it('creates and updates a property with every field, and refuses null for required fields', async () => {
    const created = await t
      .http()
      .post('/v1/admin/properties')
      .set(admin)
      .send({
        slug: 'harbour-view',
        name: 'Harbour View',
        star_rating: 4.5,
        address: { line1: 'Quay 1', line2: 'Floor 2', city: 'Porto', region: 'Porto', country: 'PT', postal_code: '4000-001' },
        geo: { lat: 41.14, lng: -8.61 },
        timezone: 'Europe/Lisbon',
        default_currency: 'EUR',
        amenities: ['wifi', 'spa'],
        images: ['https://img.example/1.jpg'],
        phone: '+351 22 000 0000',
        email: 'desk@harbour.example',
        pets_allowed: true,
        number_of_rooms: 40,
        checkin_time: '15:00',
        checkout_time: '11:00',
        taxes: [{ code: 'VAT', name: 'IVA', rate_bps: 600 }],
        fees: [{ code: 'CITY', name: 'City tax', amount: 300, per: 'night' }],
      });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: 'harbour-view',
      star_rating: 4.5,
      address: { line1: 'Quay 1', line2: 'Floor 2', city: 'Porto', region: 'Porto', country: 'PT', postal_code: '4000-001' },
      geo: { lat: 41.14, lng: -8.61 },
      pets_allowed: true,
      promoted: false,
      taxes: [{ code: 'VAT', name: 'IVA', rate_bps: 600 }],
      fees: [{ code: 'CITY', name: 'City tax', amount: 300, per: 'night' }],
    });
    const id = created.body.data.id;
    const patched = await t.http().patch(`/v1/admin/properties/${id}`).set(admin).send({ name: 'Harbour View Hotel', geo: null, phone: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Harbour View Hotel', geo: null, phone: null, email: 'desk@harbour.example' });
    const refused = await t.http().patch(`/v1/admin/properties/${id}`).set(admin).send({ name: null, timezone: null });
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['name', 'timezone']);
  });

  it('validates property input, listing every failing path', async () => {
    const res = await t
      .http()
      .post('/v1/admin/properties')
      .set(admin)
      .send({
        slug: 'Bad Slug',
        name: '',
        timezone: 'Mars/Olympus',
        default_currency: 'eur',
        address: { line1: 'x', city: 'y', country: 'PRT' },
        geo: { lat: 91, lng: 0 },
        taxes: [{ code: 'VAT', name: 'x', rate_bps: -1 }],
        extra: true,
      });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const paths = res.body.error.detail.field_errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['slug', 'name', 'timezone', 'default_currency', 'address.country', 'geo.lat', 'taxes[0].rate_bps', 'extra']));
  });

  it('refuses a duplicate slug', async () => {
    const fixture = await createProperty(t, tenant.adminKey, { promote: false });
    const res = await t.http().post('/v1/admin/properties').set(admin).send({ slug: fixture.slug, name: 'Copy', timezone: 'UTC', default_currency: 'EUR' });
    expect(res.status).toBe(400);
    expect(res.body.error.detail.field_errors).toEqual([{ path: 'slug', message: expect.stringContaining('already used') }]);
  });

  it('answers property_not_promotable with every reason, then promotes once complete', async () => {
    const bare = await t.http().post('/v1/admin/properties').set(admin).send({ slug: 'empty-shell', name: 'Empty', timezone: 'UTC', default_currency: 'EUR' });
    const id = bare.body.data.id;
    const first = await t.http().post(`/v1/admin/properties/${id}/promote`).set(admin);
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('property_not_promotable');
    expect(first.body.error.detail.reasons.map((r: { code: string }) => r.code)).toEqual(['no_address', 'no_geo', 'no_room_type']);

    await t
      .http()
      .patch(`/v1/admin/properties/${id}`)
      .set(admin)
      .send({ address: { line1: 'Main 1', city: 'Faro', country: 'PT' }, geo: { lat: 37, lng: -7.9 } });
    const room = await t
      .http()
      .post(`/v1/admin/properties/${id}/room-types`)
      .set(admin)
      .send({ code: 'DBL', name: 'Double', max_occupancy: 2, default_inventory: 3 });
    const plan = await t
      .http()
      .post(`/v1/admin/room-types/${room.body.data.id}/rate-plans`)
      .set(admin)
      .send({ code: 'BAR', name: 'Best available', base_rate: { amount: 9000, currency: 'EUR' } });
    expect(plan.status).toBe(201);
    // Read back from the database, a plan without a policy blocks promotion; each blocker on its own
    // is a unit test of promotion readiness.
    const withoutPolicy = await t.http().post(`/v1/admin/properties/${id}/promote`).set(admin);
    expect(withoutPolicy.body.error.detail.reasons).toEqual([expect.objectContaining({ code: 'rate_plan_without_policy', rate_plan_id: plan.body.data.id })]);

    await t
      .http()
      .put(`/v1/admin/properties/${id}/policies/flex`)
      .set(admin)
      .send({ cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: 24 });
    await t.http().patch(`/v1/admin/rate-plans/${plan.body.data.id}`).set(admin).send({ policy_code: 'flex' });
    const promoted = await t.http().post(`/v1/admin/properties/${id}/promote`).set(admin);
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ promoted: true, promoted_at: expect.any(String) });
    const detail = await t.http().get(`/v1/admin/properties/${id}`).set(admin);
    expect(detail.body.data.promotion).toEqual({ promotable: true, reasons: [] });
  });

  it('versions policies: a change writes a new version and moves the rate plans; the same terms write nothing', async () => {
    const fixture = await createProperty(t, tenant.adminKey, { promote: false });
    const flexPlan = fixture.roomTypes[0].ratePlans[0].id;
    const same = await t
      .http()
      .put(`/v1/admin/properties/${fixture.id}/policies/flex`)
      .set(admin)
      .send({ cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: 48, cancellation_fee_pct_after_cutoff: 100 });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ version: '1', created: false });
    const revised = await t
      .http()
      .put(`/v1/admin/properties/${fixture.id}/policies/flex`)
      .set(admin)
      .send({ cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: 72, cancellation_fee_pct_after_cutoff: 50 });
    expect(revised.status).toBe(200);
    expect(revised.body.data).toMatchObject({
      version: '2',
      created: true,
      rate_plans_repointed: 1,
      free_cancellation_hours_before_checkin: 72,
      cancellation_fee_pct_after_cutoff: 50,
    });
    const detail = await t.http().get(`/v1/admin/properties/${fixture.id}`).set(admin);
    const plan = detail.body.data.room_types[0].rate_plans.find((p: { id: string }) => p.id === flexPlan);
    expect(plan).toMatchObject({ policy_id: revised.body.data.id, policy_version: '2' });
    const flex = detail.body.data.policies.find((p: { code: string }) => p.code === 'flex');
    expect(flex.versions.map((v: { version: string }) => v.version)).toEqual(['2', '1']);
  });

  it('sets allotments and rates for date ranges, and accepts an allotment below held + sold as an oversell', async () => {
    const fixture = await createProperty(t, tenant.adminKey);
    const roomTypeId = fixture.roomTypes[0].id;
    const [from, to] = [daysFromNow(30), daysFromNow(32)];
    const set = await t.http().put(`/v1/admin/room-types/${roomTypeId}/inventory`).set(admin).send({ from, to, allotment: 3 });
    expect(set.status).toBe(200);
    expect(set.body.data.nights).toEqual([
      { night: from, allotment: 3, overridden: true, held: 0, sold: 0, available: 3 },
      { night: daysFromNow(31), allotment: 3, overridden: true, held: 0, sold: 0, available: 3 },
      { night: to, allotment: 3, overridden: true, held: 0, sold: 0, available: 3 },
    ]);
    await sql(t).query(`UPDATE inventory_nights SET held = 1, sold = 1 WHERE room_type_id = $1 AND night = $2`, [roomTypeId, daysFromNow(31)]);
    // A lower allotment is the hotel's fact: accepted, and the oversold night gets an incident (docs/back-office.md).
    const lowered = await t.http().put(`/v1/admin/room-types/${roomTypeId}/inventory`).set(admin).send({ from, to, allotment: 1 });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.nights.map((n: { allotment: number; available: number }) => [n.allotment, n.available])).toEqual([
      [1, 1],
      [1, 0],
      [1, 1],
    ]);
    const incidents = await t.http().get('/v1/admin/oversell-incidents').query({ state: 'open' }).set(admin);
    expect(incidents.body.data.items).toContainEqual(expect.objectContaining({ room_type_id: roomTypeId, date: daysFromNow(31), oversold_by: 1 }));

    const planId = fixture.roomTypes[0].ratePlans[0].id;
    const rates = await t.http().put(`/v1/admin/rate-plans/${planId}/rates`).set(admin).send({ from, to: from, amount: 15000 });
    expect(rates.status).toBe(200);
    const calendar = await t
      .http()
      .get(`/v1/admin/rate-plans/${planId}/rates`)
      .query({ from, to: daysFromNow(31) })
      .set(admin);
    expect(calendar.body.data.nights).toEqual([
      { night: from, amount: 15000, overridden: true, by_adults: null, extra_adult: null, child_rates: null },
      { night: daysFromNow(31), amount: 12000, overridden: false, by_adults: null, extra_adult: null, child_rates: null },
    ]);
    const badRange = await t.http().put(`/v1/admin/rate-plans/${planId}/rates`).set(admin).send({ from: to, to: from, amount: 1 });
    expect(badRange.status).toBe(400);
    expect(badRange.body.error.detail.field_errors).toEqual([{ path: 'to', message: 'must not be before from' }]);
  });

  it('moves non-overridden nights with a new default_inventory, and refuses one below held + sold', async () => {
    const fixture = await createProperty(t, tenant.adminKey);
    const roomTypeId = fixture.roomTypes[0].id;
    const [plain, overridden] = [daysFromNow(40), daysFromNow(41)];
    await sql(t).query(`INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, $3, 5, 1, 0)`, [
      tenant.tenantId,
      roomTypeId,
      plain,
    ]);
    await t.http().put(`/v1/admin/room-types/${roomTypeId}/inventory`).set(admin).send({ from: overridden, to: overridden, allotment: 9 });
    const changed = await t.http().patch(`/v1/admin/room-types/${roomTypeId}`).set(admin).send({ default_inventory: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.default_inventory).toBe(7);
    const nights = await t
      .http()
      .get(`/v1/admin/room-types/${roomTypeId}/inventory`)
      .query({ from: plain, to: daysFromNow(42) })
      .set(admin);
    expect(nights.body.data.nights.map((n: { allotment: number; overridden: boolean }) => [n.allotment, n.overridden])).toEqual([
      [7, false],
      [9, true],
      [7, false],
    ]);
    await sql(t).query(`UPDATE inventory_nights SET sold = 3 WHERE room_type_id = $1 AND night = $2`, [roomTypeId, plain]);
    const refused = await t.http().patch(`/v1/admin/room-types/${roomTypeId}`).set(admin).send({ default_inventory: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail.field_errors[0].path).toBe('default_inventory');
  });

  it('keeps FX rates per tenant', async () => {
    const res = await t
      .http()
      .put('/v1/admin/fx-rates')
      .set(admin)
      .send({ rates: [{ base: 'EUR', quote: 'USD', rate: 1.1 }] });
    expect(res.status).toBe(200);
    expect(res.body.data.rates).toEqual([{ base: 'EUR', quote: 'USD', rate: 1.1, updated_at: expect.any(String) }]);
    const other = await createTenant(t.app);
    const theirs = await t.http().get('/v1/admin/fx-rates').set('authorization', `Bearer ${other.adminKey}`);
    expect(theirs.body.data.rates).toEqual([]);
    const bad = await t
      .http()
      .put('/v1/admin/fx-rates')
      .set(admin)
      .send({
        rates: [
          { base: 'EUR', quote: 'EUR', rate: 1 },
          { base: 'usd', quote: 'EUR', rate: 0 },
        ],
      });
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['rates[1].base', 'rates[1].rate']);
  });

  it('is for admins only, and another tenant sees none of it', async () => {
    const fixture = await createProperty(t, tenant.adminKey);
    const agent = await createAgent(t.app, tenant.tenantId);
    const asAgent = await t.http().get(`/v1/admin/properties/${fixture.id}`).set('authorization', `Bearer ${agent.apiKey}`);
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.error.code).toBe('principal_kind_not_allowed');
    const other = await createTenant(t.app);
    const otherAdmin = { authorization: `Bearer ${other.adminKey}` };
    const read = await t.http().get(`/v1/admin/properties/${fixture.id}`).set(otherAdmin);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('property_not_found');
    const write = await t.http().patch(`/v1/admin/room-types/${fixture.roomTypes[0].id}`).set(otherAdmin).send({ name: 'Mine' });
    expect(write.body.error.code).toBe('room_type_not_found');
    const rates = await t
      .http()
      .put(`/v1/admin/rate-plans/${fixture.roomTypes[0].ratePlans[0].id}/rates`)
      .set(otherAdmin)
      .send({ from: daysFromNow(1), to: daysFromNow(2), amount: 1 });
    expect(rates.body.error.code).toBe('rate_plan_not_found');
    const list = await t.http().get('/v1/admin/properties').set(otherAdmin);
    expect(list.body.data.items).toEqual([]);
  });
});
