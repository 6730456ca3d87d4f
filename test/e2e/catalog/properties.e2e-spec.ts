import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, PropertyFixture, TestAgent } from '../../support/catalog-fixtures';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../../support/test-app';
import { behindTheApi } from '../../support/catalog-changes';

describe('catalog reads', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  let bearer: { authorization: string };
  let hotel: PropertyFixture;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant.tenantId);
    bearer = { authorization: `Bearer ${agent.apiKey}` };
    hotel = await createProperty(t, tenant.adminKey, {
      slug: 'b-hotel',
      rooms: [
        {
          code: 'DBL',
          maxOccupancy: 3,
          plans: [
            { code: 'FLEX', amount: 12050, policy: 'flex', mealPlan: 'breakfast' },
            { code: 'NR', amount: 10000, policy: 'nonref' },
          ],
        },
      ],
    });
    // Added after promotion: a plan without a policy cannot be quoted, so reads leave it out.
    const noPolicy = await t
      .http()
      .post(`/v1/admin/room-types/${hotel.roomTypes[0].id}/rate-plans`)
      .set('authorization', `Bearer ${tenant.adminKey}`)
      .send({ code: 'NOPOL', name: 'No policy', base_rate: { amount: 5000, currency: 'EUR' }, policy_code: null });
    expect(noPolicy.status).toBe(201);
    await createProperty(t, tenant.adminKey, { slug: 'a-hotel' });
    await createProperty(t, tenant.adminKey, { slug: 'c-hotel' });
    await createProperty(t, tenant.adminKey, { slug: 'd-hidden', promote: false });
  });
  afterAll(() => t.close());

  it('lists promoted properties only, by slug, with the documented field types, a page at a time', async () => {
    const first = await t.http().get('/v1/properties').query({ limit: 2 }).set(bearer);
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((p: { slug: string }) => p.slug)).toEqual(['a-hotel', 'b-hotel']);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const item = first.body.data.items[1];
    expect(Object.keys(item).sort()).toEqual(['address', 'default_currency', 'description', 'geo', 'id', 'name', 'slug', 'star_rating', 'timezone']);
    expect(item).toMatchObject({ id: hotel.id, star_rating: 4, geo: { lat: 38.72, lng: -9.14 }, default_currency: 'EUR', timezone: 'Europe/Lisbon' });
    expect(item.address).toEqual({ line1: '1 Test Street', city: 'Lisbon', country: 'PT', postal_code: '1000-001' });
    expect(first.body.next_actions).toEqual(expect.arrayContaining([{ rel: 'get', method: 'GET', href: `/v1/properties/${hotel.id}` }]));

    const second = await t.http().get('/v1/properties').query({ limit: 2, cursor: first.body.data.next_cursor }).set(bearer);
    expect(second.body.data.items.map((p: { slug: string }) => p.slug)).toEqual(['c-hotel']);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('rejects bad paging parameters', async () => {
    const res = await t.http().get('/v1/properties').query({ limit: 0, cursor: 'garbage', extra: 1 }).set(bearer);
    expect(res.status).toBe(400);
    expect(res.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['extra', 'limit']);
    const cursor = await t.http().get('/v1/properties').query({ cursor: 'garbage' }).set(bearer);
    expect(cursor.body.error.detail.field_errors[0].path).toBe('cursor');
  });

  it('reads a property with room types and quotable rate plans, prices in major units', async () => {
    const res = await t.http().get(`/v1/properties/${hotel.id}`).set(bearer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: hotel.id, slug: 'b-hotel', display_currency: null, converted: false, fx_rates: [] });
    const [room] = res.body.data.room_types;
    expect(room).toMatchObject({
      id: hotel.roomTypes[0].id,
      code: 'DBL',
      max_occupancy: 3,
      default_inventory: 5,
      smoking_allowed: false,
      amenities: [],
      images: [],
      bed_type: null,
      floor_size_sqm: null,
    });
    // The plan without a policy cannot be quoted and is not shown.
    expect(room.rate_plans.map((p: { code: string }) => p.code)).toEqual(['FLEX', 'NR']);
    expect(room.rate_plans[0]).toEqual({
      id: hotel.roomTypes[0].ratePlans[0].id,
      code: 'FLEX',
      name: 'Plan FLEX',
      currency: 'EUR',
      base_rate_per_night: 120.5,
      meal_plan: 'breakfast',
      cancellation_kind: 'free_cancellation',
      base_rate: { amount: 12050, currency: 'EUR' },
    });
    expect(room.rate_plans[1].cancellation_kind).toBe('non_refundable');
    expect(res.body.next_actions).toEqual(
      expect.arrayContaining([
        { rel: 'quote', method: 'POST', href: '/v1/quotes', body_hint: { hotel_id: hotel.id, room_type_id: room.id, rate_plan_id: room.rate_plans[0].id } },
      ]),
    );
  });

  it('converts display prices with ?currency= and says so', async () => {
    await t
      .http()
      .put('/v1/admin/fx-rates')
      .set('authorization', `Bearer ${tenant.adminKey}`)
      .send({
        rates: [
          { base: 'EUR', quote: 'JPY', rate: 160 },
          { base: 'USD', quote: 'EUR', rate: 0.5 },
        ],
      });
    const jpy = await t.http().get(`/v1/properties/${hotel.id}`).query({ currency: 'JPY' }).set(bearer);
    expect(jpy.status).toBe(200);
    expect(jpy.body.data).toMatchObject({ display_currency: 'JPY', converted: true, fx_rates: [{ from: 'EUR', to: 'JPY', rate: 160, source: 'direct' }] });
    expect(jpy.body.data.room_types[0].rate_plans[0]).toMatchObject({
      currency: 'JPY',
      base_rate_per_night: 19280,
      base_rate: { amount: 19280, currency: 'JPY' },
      original_base_rate: { amount: 12050, currency: 'EUR' },
    });
    const usd = await t.http().get(`/v1/properties/${hotel.id}`).query({ currency: 'USD' }).set(bearer);
    expect(usd.body.data.room_types[0].rate_plans[0]).toMatchObject({
      currency: 'USD',
      base_rate_per_night: 241,
      base_rate: { amount: 24100, currency: 'USD' },
    });
    expect(usd.body.data.fx_rates[0]).toMatchObject({ source: 'inverse', rate: 2 });
    const unknown = await t.http().get(`/v1/properties/${hotel.id}`).query({ currency: 'CHF' }).set(bearer);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.detail.field_errors[0]).toMatchObject({ path: 'currency', message: expect.stringContaining('no exchange rate') });
    const malformed = await t.http().get(`/v1/properties/${hotel.id}`).query({ currency: 'usd' }).set(bearer);
    expect(malformed.body.error.detail.field_errors[0].path).toBe('currency');
  });

  it('reads the full read model by slug', async () => {
    const res = await t.http().get('/v1/properties/b-hotel/full').set(bearer);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      id: hotel.id,
      amenities: ['wifi'],
      images: [],
      phone: null,
      email: null,
      pets_allowed: false,
      number_of_rooms: null,
      checkin_time: null,
      checkout_time: null,
    });
    expect(data.policies).toEqual([
      {
        id: expect.any(String),
        code: 'flex',
        version: '1',
        cancellation_kind: 'free_cancellation',
        free_cancellation_hours_before_checkin: 48,
        cancellation_fee_pct_after_cutoff: 100,
        child_policy_text: null,
      },
      {
        id: expect.any(String),
        code: 'nonref',
        version: '1',
        cancellation_kind: 'non_refundable',
        free_cancellation_hours_before_checkin: 0,
        cancellation_fee_pct_after_cutoff: 100,
        child_policy_text: null,
      },
    ]);
    expect(data.room_types[0].rate_plans).toHaveLength(2);
    const missing = await t.http().get('/v1/properties/no-such-hotel/full').set(bearer);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('property_not_found');
  });

  it("answers from memory once read, shows an admin's change at once, and hears anyone else's through Postgres", async () => {
    // docs/catalog.md, "The property read in memory".
    const read = async () => (await t.http().get(`/v1/properties/${hotel.id}`).set(bearer).expect(200)).body.data;
    const before = await read();
    const admin = { authorization: `Bearer ${tenant.adminKey}` };
    await t.http().patch(`/v1/admin/properties/${hotel.id}`).set(admin).send({ name: 'Renamed by the admin' }).expect(200);
    expect(await read()).toEqual({ ...before, name: 'Renamed by the admin' });

    // A write from outside the api (another process, the CLI, psql): heard as a notification.
    await behindTheApi(t.app, tenant.tenantId, () =>
      t.app.get(DataSource).query(`UPDATE properties SET name = 'Renamed in SQL' WHERE tenant_id = $1 AND id = $2`, [tenant.tenantId, hotel.id]),
    );
    expect((await read()).name).toBe('Renamed in SQL');
    await t.http().patch(`/v1/admin/properties/${hotel.id}`).set(admin).send({ name: before.name }).expect(200);
    expect(await read()).toEqual(before);
  });

  it('answers a read from memory with the envelope and headers of any other answer, its own trace id in it', async () => {
    // docs/performance.md, "The property read as text": the kept outcome's text is spliced around the trace id.
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await t.http().get(`/v1/properties/${hotel.id}`).set(bearer).expect(200));
    for (const answer of answers) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.etag).toEqual(expect.any(String));
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
      expect(Object.keys(answer.body)).toEqual(['data', 'trace_id', 'next_actions']);
      expect(answer.body.trace_id).toBe(String(answer.headers.traceparent).split('-')[1]);
      expect(answer.body.data).toEqual(answers[0].body.data);
      expect(answer.body.next_actions).toEqual(answers[0].body.next_actions);
    }
    expect(new Set(answers.map((a) => a.body.trace_id)).size).toBe(3);
    const full = await t.http().get('/v1/properties/b-hotel/full').set(bearer).expect(200);
    expect(full.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(full.body.data).toMatchObject({ id: hotel.id, room_types: answers[0].body.data.room_types });
  });

  it('answers validation_failed for a non-UUID id and property_not_found for unknown, unpromoted or foreign ones', async () => {
    const slug = await t.http().get('/v1/properties/b-hotel').set(bearer);
    expect(slug.status).toBe(400);
    expect(slug.body.error.detail.field_errors).toEqual([{ path: 'id', message: expect.stringContaining('UUID') }]);
    const unknown = await t.http().get('/v1/properties/00000000-0000-4000-8000-000000000000').set(bearer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('property_not_found');
    const hidden = await t.http().get('/v1/properties/d-hidden/full').set(bearer);
    expect(hidden.body.error.code).toBe('property_not_found');

    const other = await createTenant(t.app);
    const outsider = await createAgent(t.app, other.tenantId);
    const foreign = await t.http().get(`/v1/properties/${hotel.id}`).set('authorization', `Bearer ${outsider.apiKey}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('property_not_found');
    const foreignFull = await t.http().get('/v1/properties/b-hotel/full').set('authorization', `Bearer ${outsider.apiKey}`);
    expect(foreignFull.body.error.code).toBe('property_not_found');
    const foreignList = await t.http().get('/v1/properties').set('authorization', `Bearer ${outsider.apiKey}`);
    expect(foreignList.body.data.items).toEqual([]);
  });

  it('lets admins read too, and needs the catalog:read scope for agents', async () => {
    const asAdmin = await t.http().get(`/v1/properties/${hotel.id}`).set('authorization', `Bearer ${tenant.adminKey}`);
    expect(asAdmin.status).toBe(200);
    const unscoped = await createAgent(t.app, tenant.tenantId, ['booking:read']);
    const denied = await t.http().get('/v1/properties').set('authorization', `Bearer ${unscoped.apiKey}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');
  });
});
