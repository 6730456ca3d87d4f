import { createProperty, daysFromNow } from '../../support/catalog-fixtures';
import { createTenant, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

/** docs/api-contract.md "Identity, tenancy and scopes": catalog reads may be anonymous when X-Tenant-Id names a tenant; nothing else may. */
describe('anonymous catalog reads (X-Tenant-Id, no bearer)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let slug: string;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    slug = (await createProperty(t, tenant.adminKey, { city: 'Coimbra' })).slug;
    await createProperty(t, other.adminKey, { city: 'Coimbra' });
  });
  afterAll(() => t.close());

  const anon = (tenantId: string) => ({ 'x-tenant-id': tenantId });

  it('lists, reads and searches the named tenant only, with the anonymous rate limit', async () => {
    const list = await t.http().get('/v1/properties').set(anon(tenant.tenantId));
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((p: { slug: string }) => p.slug)).toEqual([slug]);
    expect(list.headers['ratelimit-limit']).toBe(String(t.config.rateLimitAnonPerMinute));

    const full = await t.http().get(`/v1/properties/${slug}/full`).set(anon(tenant.tenantId));
    expect(full.status).toBe(200);
    expect(full.body.data.slug).toBe(slug);

    const search = await t
      .http()
      .post('/v1/search')
      .set(anon(tenant.tenantId))
      .send({ destination: 'Coimbra', check_in: daysFromNow(10), check_out: daysFromNow(12), guests: { adults: 2 } });
    expect(search.status).toBe(200);
    expect(search.body.data.results).toHaveLength(1);
    expect(search.body.next_actions[0]).toMatchObject({ rel: 'quote', method: 'POST', href: '/v1/quotes' });
  });

  it("does not reveal another tenant's property", async () => {
    const res = await t.http().get(`/v1/properties/${slug}/full`).set(anon(other.tenantId));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('property_not_found');
  });

  it('refuses an unknown or malformed tenant, and a missing one', async () => {
    for (const headers of [anon('00000000-0000-4000-8000-000000000000'), anon('tenant-1'), {}]) {
      const res = await t.http().get('/v1/properties').set(headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });

  it('keeps everything but catalog reads behind a bearer', async () => {
    for (const req of [
      t.http().post('/v1/quotes').send({}),
      t.http().post('/v1/holds').send({}),
      t.http().get('/v1/admin/agents'),
      t.http().post('/v1/receipts/verify').send({}),
    ]) {
      const res = await req.set(anon(tenant.tenantId));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });
});
