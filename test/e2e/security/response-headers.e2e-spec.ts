import { createTenant, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Security audit, smaller items: every answer carries `X-Content-Type-Options: nosniff`, and
 * `Strict-Transport-Security` exactly when `BASE_URL` is https (one middleware every answer passes).
 */
describe('security headers on every answer', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  describe('BASE_URL over http', () => {
    let t: TestApp;
    let tenant: TestTenant;

    beforeAll(async () => {
      t = await startTestApp({ BASE_URL: 'http://localhost:3000' });
      tenant = await createTenant(t.app);
    });
    afterAll(() => t.close());

    it('success, error, 404, discovery, feeds, console, preflight and /metrics all carry nosniff, none HSTS', async () => {
      const answers = [
        ['discovery', await t.http().get('/'), 200],
        ['openapi', await t.http().get('/openapi.json'), 200],
        ['error catalog', await t.http().get('/.well-known/errors'), 200],
        ['catalog read', await t.http().get('/v1/properties').set('X-Tenant-Id', tenant.tenantId), 200],
        ['unauthenticated', await t.http().get('/v1/admin/agents'), 401],
        ['broken json', await t.http().post('/oauth/token').set('Content-Type', 'application/json').send('{"a":'), 400],
        ['unknown path', await t.http().get('/no/such/path'), 404],
        ['feed', await t.http().get('/feeds/google/hotel-list.xml').query({ tenant_id: tenant.tenantId }), 200],
        ['metrics', await t.http().get('/metrics'), 200],
        ['console page', await t.http().get('/console'), 200],
        ['console missing asset', await t.http().get('/console/assets/nope.js'), 404],
        ['cors preflight', await t.http().options('/v1/properties').set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'GET'), 204],
      ] as const;
      for (const [label, res, status] of answers) {
        expect({ label, status: res.status, nosniff: res.headers['x-content-type-options'], hsts: res.headers['strict-transport-security'] }).toEqual({
          label,
          status,
          nosniff: 'nosniff',
          hsts: undefined,
        });
      }
    });
  });

  describe('BASE_URL over https', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ BASE_URL: 'https://api.example.com' });
    });
    afterAll(() => t.close());

    it('adds Strict-Transport-Security for a year, subdomains included, to successes, errors and 404s', async () => {
      for (const [label, res] of [
        ['discovery', await t.http().get('/')],
        ['unauthenticated', await t.http().get('/v1/admin/agents')],
        ['unknown path', await t.http().get('/no/such/path')],
        ['metrics', await t.http().get('/metrics')],
      ] as const) {
        expect({ label, hsts: res.headers['strict-transport-security'], nosniff: res.headers['x-content-type-options'] }).toEqual({
          label,
          hsts: HSTS,
          nosniff: 'nosniff',
        });
      }
    });
  });
});
