import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, PropertyFixture } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

const FIELDS = [
  'min_stay_arrival',
  'max_stay_arrival',
  'min_stay_through',
  'max_stay_through',
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
  'min_advance_days',
  'max_advance_days',
];

describe('stay restrictions over HTTP (admin routes, quotes, search, ARI)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let hotel: PropertyFixture;
  let flex: string;
  let nonref: string;
  // Lisbon is UTC or UTC+1: 20 days ahead in UTC is 20 or 21 days ahead there, inside every window below.
  const checkIn = daysFromNow(20);
  const night2 = daysFromNow(21);
  const checkOut = daysFromNow(22);

  const restrictions = (id: string) => `/v1/admin/rate-plans/${id}/restrictions`;
  const quote = (ratePlanId: string) =>
    t
      .http()
      .post('/v1/quotes')
      .set(agent)
      .send({
        hotel_id: hotel.id,
        room_type_id: hotel.roomTypes[0].id,
        rate_plan_id: ratePlanId,
        stay: { check_in: checkIn, check_out: checkOut },
        guests: { adults: 2, children: [] },
      });

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    agent = { authorization: `Bearer ${(await createAgent(t.app, tenant.tenantId)).apiKey}` };
    hotel = await createProperty(t, tenant.adminKey, { city: 'Restrictville' });
    [flex, nonref] = hotel.roomTypes[0].ratePlans.map((p) => p.id);
  });
  afterAll(() => t.close());

  it('PUT sets only the fields sent on the days asked for, GET answers every date with every field', async () => {
    const put = await t.http().put(restrictions(nonref)).set(admin).send({ from: checkIn, to: checkIn, min_stay_arrival: 3, closed_to_arrival: true });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ rate_plan_id: nonref, items: [expect.objectContaining({ date: checkIn, min_stay_arrival: 3, closed_to_arrival: true })] });
    await t.http().put(restrictions(nonref)).set(admin).send({ from: night2, to: checkOut, stop_sell: true }).expect(200);
    // cleared on the check-out date again: a field sent as null clears it
    await t.http().put(restrictions(nonref)).set(admin).send({ from: checkOut, to: checkOut, stop_sell: null }).expect(200);

    const read = await t
      .http()
      .get(`${restrictions(nonref)}?from=${checkIn}&to=${checkOut}`)
      .set(admin);
    expect(read.status).toBe(200);
    expect(read.body.data.items.map((i: Record<string, unknown>) => Object.keys(i).sort())).toEqual(Array(3).fill(['date', ...FIELDS].sort()));
    expect(read.body.data.items.map((i: Record<string, unknown>) => [i.date, i.min_stay_arrival, i.closed_to_arrival, i.stop_sell])).toEqual([
      [checkIn, 3, true, null],
      [night2, null, null, true],
      [checkOut, null, null, null],
    ]);
    const foreign = await t
      .http()
      .get(`${restrictions(nonref)}?from=${checkIn}&to=${checkOut}`)
      .set({ authorization: `Bearer ${(await createTenant(t.app)).adminKey}` });
    expect(foreign.body.error.code).toBe('rate_plan_not_found');
    expect(
      (
        await t
          .http()
          .get(`${restrictions(nonref)}?from=${checkIn}&to=${checkOut}`)
          .set(agent)
      ).body.error.code,
    ).toBe('principal_kind_not_allowed');
  });

  it('refuses a restricted quote with 409 stay_restricted and every violation, at once after the change; search leaves the plan out and the ARI ETag moves', async () => {
    // The flexible plan quotes (and is kept in memory), then its check-out date closes.
    expect((await quote(flex)).status).toBe(201);
    const feed = `/feeds/google/ari.xml?tenant_id=${tenant.tenantId}&days=2`;
    const before = await t.http().get(feed);
    await t.http().put(restrictions(flex)).set(admin).send({ from: checkOut, to: checkOut, closed_to_departure: true }).expect(200);
    const after = await t.http().get(feed);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const refused = await quote(flex);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'stay_restricted',
      detail: { violations: [{ rule: 'closed_to_departure', date: checkOut, limit: true }] },
    });
    const several = await quote(nonref);
    expect(several.status).toBe(409);
    expect(several.body.error.detail.violations).toEqual([
      { rule: 'min_stay_arrival', date: checkIn, limit: 3 },
      { rule: 'closed_to_arrival', date: checkIn, limit: true },
      { rule: 'stop_sell', date: night2, limit: true },
    ]);
    expect(several.body.error.remediation).toEqual(expect.any(String));

    const search = (check_out: string) =>
      t
        .http()
        .post('/v1/search')
        .set(agent)
        .send({ destination: 'Restrictville', check_in: checkIn, check_out, guests: { adults: 2, children: [] } });
    expect((await search(checkOut)).body.data.results).toEqual([]);
    // the check-out date open again: the flexible plan is offered, the non-refundable one still breaks its rules
    await t.http().put(restrictions(flex)).set(admin).send({ from: checkOut, to: checkOut, closed_to_departure: null }).expect(200);
    const open = await search(checkOut);
    expect(open.body.data.results.map((r: { best_offer: { rate_plan_id: string } }) => r.best_offer.rate_plan_id)).toEqual([flex]);
  });

  it('validation_failed names every failing path at once, shapes, order and range alike, and nothing is written', async () => {
    const res = await t
      .http()
      .put(restrictions(flex))
      .set(admin)
      .send({
        from: checkOut,
        to: checkIn,
        days_of_week: ['fri', 'fri', 'someday'],
        min_stay_arrival: 4,
        max_stay_arrival: 2,
        min_stay_through: 0,
        min_advance_days: 10,
        max_advance_days: 9,
        stop_sell: 'yes',
      });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect([...new Set(res.body.error.detail.field_errors.map((e: { path: string }) => e.path))].sort()).toEqual(
      ['days_of_week', 'max_advance_days', 'max_stay_arrival', 'min_stay_through', 'stop_sell', 'to'].sort(),
    );
    expect(res.body.error.detail.field_errors).toEqual(
      expect.arrayContaining([
        { path: 'to', message: 'must not be before from' },
        { path: 'max_stay_arrival', message: 'must not be below min_stay_arrival' },
      ]),
    );
    const read = await t
      .http()
      .get(`${restrictions(flex)}?from=${checkIn}&to=${checkOut}`)
      .set(admin);
    expect(read.body.data.items.every((i: Record<string, unknown>) => FIELDS.every((f) => i[f] === null))).toBe(true);
  });
});
