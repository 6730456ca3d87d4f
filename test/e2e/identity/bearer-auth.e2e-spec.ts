import { randomUUID } from 'node:crypto';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, mintAccessToken, TestAgent, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

describe('bearer authentication', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: TestAgent;
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
  });
  afterAll(() => t.close());

  it('resolves an agent API key to its actor', async () => {
    const res = await t.http().get('/__auth/whoami').set(bearer(agent.apiKey));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tenantId: tenant.tenantId,
      principalId: agent.agentId,
      kind: 'agent',
      scopes: ['catalog:read', 'booking:write', 'booking:read'],
      bookingLimit: null,
      via: 'api_key',
      credentialId: agent.credentialId,
    });
  });

  it('resolves an admin API key', async () => {
    const res = await t.http().get('/__auth/admin').set(bearer(tenant.adminKey));
    expect(res.status).toBe(200);
    expect(res.body.data.admin_id).toBe(tenant.adminPrincipalId);
  });

  it('resolves an access token to the agent, marked oauth', async () => {
    const token = await mintAccessToken(t.http, agent);
    const res = await t.http().get('/__auth/whoami').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tenantId: tenant.tenantId,
      principalId: agent.agentId,
      kind: 'agent',
      via: 'oauth',
      credentialId: agent.credentialId,
      tokenId: expect.any(String),
    });
  });

  // One case per error code through the envelope; header parsing, X-Tenant-Id, anonymous reads and
  // the kind and scope rules are unit tests of the bearer guard and authenticator.
  describe('unauthenticated (401) with a WWW-Authenticate challenge', () => {
    it('an unknown API key', async () => {
      const res = await t.http().get('/__auth/whoami').set('Authorization', 'Bearer hcs_agt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="[^"]+", resource_metadata="http[^"]+\/\.well-known\/oauth-protected-resource"$/);
    });

    it('a revoked API key and the tokens it minted', async () => {
      const a = await createAgent(t.app, tenant);
      const token = await mintAccessToken(t.http, a);
      await t.http().get('/__auth/whoami').set(bearer(a.apiKey)).expect(200);
      await t.http().get('/__auth/whoami').set(bearer(token)).expect(200);
      await t.http().delete(`/v1/admin/agents/${a.agentId}/credentials/${a.credentialId}`).set(bearer(tenant.adminKey)).expect(200);
      for (const credential of [a.apiKey, token]) {
        const res = await t.http().get('/__auth/whoami').set(bearer(credential));
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthenticated');
      }
    });

    it('a disabled agent, until it is enabled again', async () => {
      const a = await createAgent(t.app, tenant);
      const token = await mintAccessToken(t.http, a);
      await t.http().patch(`/v1/admin/agents/${a.agentId}`).set(bearer(tenant.adminKey)).send({ status: 'disabled' }).expect(200);
      for (const credential of [a.apiKey, token]) {
        const res = await t.http().get('/__auth/whoami').set(bearer(credential));
        expect(res.body.error.code).toBe('unauthenticated');
      }
      await t.http().patch(`/v1/admin/agents/${a.agentId}`).set(bearer(tenant.adminKey)).send({ status: 'active' }).expect(200);
      await t.http().get('/__auth/whoami').set(bearer(a.apiKey)).expect(200);
      await t.http().get('/__auth/whoami').set(bearer(token)).expect(200);
    });
  });

  describe('X-Tenant-Id beside a bearer', () => {
    it('is resource_access_denied for another tenant', async () => {
      const res = await t.http().get('/__auth/whoami').set(bearer(agent.apiKey)).set('X-Tenant-Id', other.tenantId);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'resource_access_denied', detail: { x_tenant_id: other.tenantId } });
    });
  });

  describe('anonymous catalog reads', () => {
    it('are allowed with X-Tenant-Id naming a tenant', async () => {
      const res = await t.http().get('/__auth/catalog').set('X-Tenant-Id', tenant.tenantId);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ tenant_id: tenant.tenantId, principal_id: null });
    });

    it('are unauthenticated with an unknown tenant', async () => {
      const res = await t.http().get('/__auth/catalog').set('X-Tenant-Id', randomUUID());
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    });

    it('name the credential tenant when a bearer is sent', async () => {
      const ok = await t.http().get('/__auth/catalog').set(bearer(agent.apiKey));
      expect(ok.body.data).toEqual({ tenant_id: tenant.tenantId, principal_id: agent.agentId });
    });
  });

  describe('scopes and principal kinds', () => {
    it('forbidden when the agent lacks the scope', async () => {
      const reader = await createAgent(t.app, tenant, { scopes: ['booking:read'] });
      const res = await t.http().get('/__auth/catalog').set(bearer(reader.apiKey));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.detail).toEqual({ required_scopes: ['catalog:read'], missing_scopes: ['catalog:read'] });
      await t.http().get('/__auth/bookings').set(bearer(reader.apiKey)).expect(200);
    });

    it('principal_kind_not_allowed for an admin on an agent route', async () => {
      const asAdmin = await t.http().get('/__auth/bookings').set(bearer(tenant.adminKey));
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body.error).toMatchObject({ code: 'principal_kind_not_allowed', detail: { principal_kind: 'admin', allowed: ['agent'] } });
    });
  });

  it('authenticates before it asks for a delegation', async () => {
    const res = await t.http().post('/__auth/bookings');
    expect(res.body.error.code).toBe('unauthenticated');
    const noScope = await createAgent(t.app, tenant, { scopes: ['catalog:read'] });
    const forbidden = await t.http().post('/__auth/bookings').set(bearer(noScope.apiKey));
    expect(forbidden.body.error.code).toBe('forbidden');
    const missing = await t.http().post('/__auth/bookings').set(bearer(agent.apiKey));
    expect(missing.body.error.code).toBe('delegation_required');
  });

  it('tells other api processes about a revocation at once, well within the cache window', async () => {
    const second = await startTestApp({}, [AuthProbeModule]);
    try {
      const a = await createAgent(t.app, tenant);
      // The second process caches the live credential...
      await second.http().get('/__auth/whoami').set(bearer(a.apiKey)).expect(200);
      await t.http().delete(`/v1/admin/agents/${a.agentId}/credentials/${a.credentialId}`).set(bearer(tenant.adminKey)).expect(200);
      // ...and drops it on the broadcast, long before the 5 s cache entry would expire.
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < 1500) {
        status = (await second.http().get('/__auth/whoami').set(bearer(a.apiKey))).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 25));
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('leaves public routes open', async () => {
    await t.http().get('/healthz').expect(200);
    await t.http().get('/.well-known/errors').set('Authorization', 'Bearer nonsense').expect(200);
  });
});
