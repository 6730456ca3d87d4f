import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, daysFromNow, TestAgent } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/** Issue 11 item 7: bodies that would crash class-transformer or a SQL cast are validation_failed. */
describe('hostile request bodies', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  const stay = { check_in: daysFromNow(20), check_out: daysFromNow(22) };

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant.tenantId);
  });
  afterAll(() => t.close());

  const paths = (res: { body: { error: { detail: { field_errors: Array<{ path: string }> } } } }) => res.body.error.detail.field_errors.map((e) => e.path);
  const expectInvalid = (res: { status: number; body: { error: { code: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  };

  it.each([
    ['constructor', '{"hold_id":{"constructor":{}}}', 'hold_id.constructor'],
    ['__proto__', '{"quote_id":"x","__proto__":{"admin":true}}', '__proto__'],
    ['prototype', '{"a":[{"prototype":1}]}', 'a[0].prototype'],
  ])('refuses a %s key anywhere with its path', async (_name, raw, path) => {
    for (const route of ['/v1/holds', '/v1/quotes', '/v1/search']) {
      const res = await t.http().post(route).set('Authorization', `Bearer ${agent.apiKey}`).set('content-type', 'application/json').send(raw);
      expectInvalid(res);
      expect(paths(res)).toContain(path);
    }
  });

  it('refuses nesting deeper than 32 levels (3,000 here) instead of overflowing the stack', async () => {
    const deep = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    const res = await t.http().post('/v1/holds').set('Authorization', `Bearer ${agent.apiKey}`).set('content-type', 'application/json').send(deep);
    expectInvalid(res);
    expect(res.body.error.detail.field_errors).toEqual([{ path: 'a'.concat('.a'.repeat(31)), message: 'nests deeper than 32 levels' }]);
    const arrays = '['.repeat(40) + ']'.repeat(40);
    const res2 = await t.http().post('/v1/search').set('X-Tenant-Id', tenant.tenantId).set('content-type', 'application/json').send(`{"x":${arrays}}`);
    expectInvalid(res2);
  });

  it('accepts 32 levels of nesting as far as the shape check goes (then the DTO decides)', async () => {
    const nested = '{"a":'.repeat(31) + '1' + '}'.repeat(31);
    const res = await t.http().post('/v1/search').set('X-Tenant-Id', tenant.tenantId).set('content-type', 'application/json').send(nested);
    expectInvalid(res);
    expect(paths(res)).toContain('a');
    expect(paths(res).some((p: string) => p.startsWith('a.a'))).toBe(false);
  });

  it('answers an anonymous search with max_price_per_night.amount 1e21 with validation_failed, not a 500', async () => {
    for (const amount of [1e21, 1e12 + 1, 2 ** 53 + 2]) {
      const res = await t
        .http()
        .post('/v1/search')
        .set('X-Tenant-Id', tenant.tenantId)
        .send({
          destination: { type: 'area', value: 'Lisbon' },
          stay,
          guests: { adults: 2 },
          constraints: { max_price_per_night: { amount, currency: 'EUR' } },
        });
      expectInvalid(res);
      expect(paths(res)).toEqual(['constraints.max_price_per_night.amount']);
    }
    const within = await t
      .http()
      .post('/v1/search')
      .set('X-Tenant-Id', tenant.tenantId)
      .send({
        destination: { type: 'area', value: 'Lisbon' },
        stay,
        guests: { adults: 2 },
        constraints: { max_price_per_night: { amount: 1e12, currency: 'EUR' } },
      });
    expect(within.status).toBe(200);
  });

  it('bounds booking limits and authorization amounts at 10^12 minor units', async () => {
    const admin = { Authorization: `Bearer ${tenant.adminKey}` };
    const res = await t
      .http()
      .post('/v1/admin/agents')
      .set(admin)
      .send({ name: 'big', booking_limit: { amount: 1e13, currency: 'EUR' } });
    expectInvalid(res);
    expect(paths(res)).toEqual(['booking_limit.amount']);
    const auth = await t
      .http()
      .post('/v1/admin/booking-authorizations')
      .set(admin)
      .send({ agent_id: agent.agentId, max_amount: { amount: 1e15, currency: 'EUR' }, expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expectInvalid(auth);
    expect(paths(auth)).toEqual(['max_amount.amount']);
  });
});
