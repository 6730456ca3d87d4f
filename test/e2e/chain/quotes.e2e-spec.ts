import { DataSource } from 'typeorm';
import { behindTheApi } from '../../support/catalog-changes';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, setDailyRate } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /v1/quotes', () => {
  let t: TestApp;
  let tenantId: string;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  const checkIn = daysFromToday(20);
  const checkOut = daysFromToday(23);

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
    await setDailyRate(t.app, tenantId, catalog.freePlanId, daysFromToday(21), 12345);
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    hotel_id: catalog.propertyId,
    room_type_id: catalog.roomTypeId,
    rate_plan_id: catalog.freePlanId,
    stay: { check_in: checkIn, check_out: checkOut },
    guests: { adults: 2, children: [{ age: 5 }] },
    ...overrides,
  });
  const post = (payload: unknown, key = agent.apiKey) =>
    t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${key}`)
      .send(payload as object);

  it('prices per night (per-date rate else base rate), taxes per tax on the subtotal, adds fees, freezes the policy', async () => {
    const before = Date.now();
    const res = await post(body());
    const after = Date.now();
    expect(res.status).toBe(201);
    const q = res.body.data;
    expect(q).toMatchObject({
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay: { check_in: checkIn, check_out: checkOut },
    });
    expect(q.price_breakdown.nights).toEqual([
      { date: checkIn, amount: { amount: 10000, currency: 'EUR' } },
      { date: daysFromToday(21), amount: { amount: 12345, currency: 'EUR' } },
      { date: daysFromToday(22), amount: { amount: 10000, currency: 'EUR' } },
    ]);
    expect(q.price_breakdown.subtotal).toEqual({ amount: 32345, currency: 'EUR' });
    // VAT 10% = 3234.5 -> 3235; city 2.5% = 808.625 -> 809
    expect(q.price_breakdown.taxes).toEqual([
      { code: 'VAT', name: 'VAT', rate_bps: 1000, amount: { amount: 3235, currency: 'EUR' }, included: false, payable: 'online' },
      { code: 'CITY', name: 'City tax', rate_bps: 250, amount: { amount: 809, currency: 'EUR' }, included: false, payable: 'online' },
    ]);
    expect(q.price_breakdown.fees).toEqual([
      { code: 'CLEANING', name: 'Cleaning fee', amount: { amount: 1500, currency: 'EUR' }, included: false, payable: 'online' },
    ]);
    expect(q.price_breakdown.total).toEqual({ amount: 32345 + 3235 + 809 + 1500, currency: 'EUR' });
    // nothing of §11.3 set: the split restates the total
    expect(q.price_breakdown.payable_online).toEqual(q.price_breakdown.total);
    expect(q.price_breakdown.payable_at_property).toEqual({ amount: 0, currency: 'EUR' });
    expect(q.policy_snapshot).toMatchObject({
      policy_id: catalog.freePolicyId,
      version: '2',
      cancellation_kind: 'free_cancellation',
      free_cancellation_hours_before_checkin: 48,
      cancellation_fee_pct_after_cutoff: 50,
      child_policy_text: 'Children under 6 stay free.',
    });
    const checkInAt = Date.parse(q.policy_snapshot.check_in_at);
    expect(Date.parse(q.policy_snapshot.free_cancellation_until)).toBe(checkInAt - 48 * 3600_000);
    expect(res.body.expires_at).toBe(q.expires_at);
    // QUOTE_TTL_SECONDS (600) from the quote's write, which happens while the request is under way.
    expect(Date.parse(q.expires_at)).toBeGreaterThanOrEqual(before + 600_000);
    expect(Date.parse(q.expires_at)).toBeLessThanOrEqual(after + 600_000);
    expect(res.body.next_actions).toEqual([
      { rel: 'create_hold', method: 'POST', href: '/v1/holds', body_hint: { quote_id: q.quote_id }, expires_at: q.expires_at },
    ]);
  });

  it("prices from the catalog in memory, shows an admin's rate change at once, and hears a rate written elsewhere through Postgres", async () => {
    // docs/catalog.md, "Quotes priced from memory".
    const stay = { check_in: daysFromToday(40), check_out: daysFromToday(42) };
    const nightRates = async () =>
      ((await post(body({ stay, guests: { adults: 2 } })).expect(201)).body.data.price_breakdown.nights as Array<{ amount: { amount: number } }>).map(
        (n) => n.amount.amount,
      );
    expect(await nightRates()).toEqual([10000, 10000]);

    const admin = { authorization: `Bearer ${adminKey}` };
    await t
      .http()
      .put(`/v1/admin/rate-plans/${catalog.freePlanId}/rates`)
      .set(admin)
      .send({ from: daysFromToday(41), to: daysFromToday(41), amount: 15000 })
      .expect(200);
    expect(await nightRates()).toEqual([10000, 15000]);

    // A write from outside the api (another process, an ARI load, psql): heard as a notification.
    await behindTheApi(t.app, tenantId, () =>
      t.app
        .get(DataSource)
        .query(`UPDATE daily_rates SET amount = 17000 WHERE tenant_id = $1 AND rate_plan_id = $2 AND night = $3`, [
          tenantId,
          catalog.freePlanId,
          daysFromToday(41),
        ]),
    );
    expect(await nightRates()).toEqual([10000, 17000]);
    await behindTheApi(t.app, tenantId, () =>
      t.app
        .get(DataSource)
        .query(`DELETE FROM daily_rates WHERE tenant_id = $1 AND rate_plan_id = $2 AND night = $3`, [tenantId, catalog.freePlanId, daysFromToday(41)]),
    );
    expect(await nightRates()).toEqual([10000, 10000]);
  });

  it('freezes non-refundable terms without a free cancellation window', async () => {
    const res = await post(body({ rate_plan_id: catalog.nonRefundablePlanId }));
    expect(res.status).toBe(201);
    expect(res.body.data.policy_snapshot).toMatchObject({ cancellation_kind: 'non_refundable', free_cancellation_until: null, version: '1' });
  });

  it("answers unknown catalog ids with their not-found codes, another tenant's property included", async () => {
    const other = await createTenant(t.app);
    const foreign = await createChainCatalog(t.app, other.tenantId);
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ hotel_id: '00000000-0000-4000-8000-000000000000' }, 'property_not_found', 404],
      [{ hotel_id: foreign.propertyId, room_type_id: foreign.roomTypeId, rate_plan_id: foreign.freePlanId }, 'property_not_found', 404],
      [{ room_type_id: foreign.roomTypeId }, 'room_type_not_found', 404],
      [{ rate_plan_id: foreign.freePlanId }, 'rate_plan_not_found', 404],
      [{ rate_plan_id: catalog.noPolicyPlanId }, 'policy_not_found_for_rate_plan', 409],
    ];
    for (const [override, code, status] of cases) {
      const res = await post(body(override));
      expect({ code: res.body.error?.code, status: res.status }).toEqual({ code, status });
    }
  });

  it('applies stay rules and occupancy, listing every failing path', async () => {
    const res = await post(body({ stay: { check_in: daysFromToday(-1), check_out: daysFromToday(40) }, guests: { adults: 3, children: [{ age: 2 }] } }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const paths = res.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['guests', 'stay.check_in', 'stay.check_out']);
    const shape = await post({ ...body(), hotel_id: 'not-a-uuid', guests: { adults: 0, children: [{ age: 18 }] }, extra: true });
    expect(shape.status).toBe(400);
    expect(shape.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'extra',
      'guests.adults',
      'guests.children[0].age',
      'hotel_id',
    ]);
  });

  it('is for agents with booking:write only', async () => {
    const admin = await post(body(), adminKey);
    expect(admin.status).toBe(403);
    expect(admin.body.error.code).toBe('principal_kind_not_allowed');
    const reader = await createChainAgent(t.app, tenantId, { scopes: ['booking:read'] });
    const forbidden = await post(body(), reader.apiKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    const anonymous = await t.http().post('/v1/quotes').send(body());
    expect(anonymous.body.error.code).toBe('unauthenticated');
  });
});
