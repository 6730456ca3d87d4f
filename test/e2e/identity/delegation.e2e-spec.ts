import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { DEMO_ISSUER, DelegationVerifier } from '@hcs/auth';
import { AuthProbeModule } from '../../support/auth-probe.module';
import {
  createAgent,
  createTenant,
  createTestIssuerKeys,
  mintDelegation,
  registerTestIssuer,
  TestAgent,
  TestIssuer,
  TestTenant,
} from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

describe('delegation', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: TestAgent;
  let platformIssuer: TestIssuer;
  let tenantIssuer: TestIssuer;
  const admin = () => ({ Authorization: `Bearer ${tenant.adminKey}` });

  beforeAll(async () => {
    // Private targets are refused here (test-env allows them for every other spec's webhooks).
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' }, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    platformIssuer = await registerTestIssuer(t.app, { alg: 'ES256' });
    tenantIssuer = await registerTestIssuer(t.app, { tenant, alg: 'RS256' });
  });
  afterAll(() => t.close());

  const book = (delegation?: string, bearer = agent.apiKey) => {
    const req = t.http().post('/__auth/bookings').set('Authorization', `Bearer ${bearer}`);
    return delegation === undefined ? req : req.set('X-Delegated-User', delegation);
  };
  const expectInvalid = async (delegation: string, reason: string) => {
    const res = await book(delegation);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('delegation_invalid');
    expect(res.body.error.detail.reason).toBe(reason);
    return res;
  };

  describe('accepted delegations', () => {
    it('from the demo issuer (as `hcs delegation mint`)', async () => {
      const res = await book(await mintDelegation(t.app, { sub: 'traveler-demo', tenantId: tenant.tenantId }));
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({ agent_id: agent.agentId, traveler: { iss: DEMO_ISSUER, sub: 'traveler-demo' } });
    });

    it('from a platform issuer (ES256) and a tenant issuer (RS256)', async () => {
      for (const issuer of [platformIssuer, tenantIssuer]) {
        const res = await book(await mintDelegation(t.app, { sub: 'traveler-1', issuer, tenantId: tenant.tenantId }));
        expect(res.status).toBe(201);
        expect(res.body.data.traveler).toEqual({ iss: issuer.iss, sub: 'traveler-1' });
      }
    });

    it('with an access token as the agent credential', async () => {
      const access = await t.http().post('/oauth/token').send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey });
      const res = await book(await mintDelegation(t.app, { sub: 'traveler-2', issuer: platformIssuer, tenantId: tenant.tenantId }), access.body.access_token);
      expect(res.status).toBe(201);
    });

    it('through the reusable verifier (as the MCP tools use it)', async () => {
      const traveler = await t.app.get(DelegationVerifier).verify(tenant.tenantId, await mintDelegation(t.app, { sub: 'mcp-traveler', issuer: tenantIssuer }));
      expect(traveler).toEqual({ iss: tenantIssuer.iss, sub: 'mcp-traveler' });
    });
  });

  describe('delegation_required', () => {
    it('without X-Delegated-User, or with an empty one', async () => {
      for (const value of [undefined, '']) {
        const res = await book(value);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('delegation_required');
      }
    });

    it('only on gated routes', async () => {
      await t.http().get('/__auth/bookings').set('Authorization', `Bearer ${agent.apiKey}`).expect(200);
    });
  });

  describe('delegation_issuer_unknown', () => {
    it('for an unregistered issuer', async () => {
      const stranger = await createTestIssuerKeys('ES256');
      const res = await book(await mintDelegation(t.app, { sub: 's', issuer: stranger }));
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'delegation_issuer_unknown', detail: { iss: stranger.iss } });
    });

    it('for the demo issuer when the service runs with NODE_ENV=production', async () => {
      // Production refuses to boot without a public BASE_URL and audience and an acknowledged sandbox.
      const audience = 'https://api.hcs.example';
      const prod = await startTestApp(
        {
          NODE_ENV: 'production',
          BASE_URL: audience,
          DELEGATION_AUDIENCE: audience,
          PAYMENTS_SANDBOX: 'true',
          WEBHOOK_ALLOW_PRIVATE: 'false',
          METRICS_TOKEN: 'test-only metrics token',
        },
        [AuthProbeModule],
      );
      const prodIssuer = await registerTestIssuer(t.app, { allowedAudiences: [audience] });
      try {
        const demo = await mintDelegation(t.app, { sub: 's', tenantId: tenant.tenantId });
        const res = await prod.http().post('/__auth/bookings').set('Authorization', `Bearer ${agent.apiKey}`).set('X-Delegated-User', demo);
        expect(res.body.error).toMatchObject({ code: 'delegation_issuer_unknown', detail: { iss: DEMO_ISSUER } });
        const real = await prod
          .http()
          .post('/__auth/bookings')
          .set('Authorization', `Bearer ${agent.apiKey}`)
          .set('X-Delegated-User', await mintDelegation(t.app, { sub: 's', issuer: prodIssuer, aud: audience, tenantId: tenant.tenantId }));
        expect(real.status).toBe(201);
      } finally {
        await prod.close();
      }
    });

    it('for a suspended issuer (with detail.status) until it is reactivated, and for good once revoked', async () => {
      const issuer = await registerTestIssuer(t.app, { tenant });
      const id = issuer.registered?.id as string;
      const delegation = await mintDelegation(t.app, { sub: 's', issuer });
      await book(delegation).expect(201);

      await t.http().patch(`/v1/admin/delegation-issuers/${id}`).set(admin()).send({ status: 'suspended' }).expect(200);
      const suspended = await book(delegation);
      expect(suspended.body.error).toMatchObject({ code: 'delegation_issuer_unknown', detail: { iss: issuer.iss, status: 'suspended' } });

      await t.http().patch(`/v1/admin/delegation-issuers/${id}`).set(admin()).send({ status: 'active' }).expect(200);
      await book(delegation).expect(201);

      await t.http().patch(`/v1/admin/delegation-issuers/${id}`).set(admin()).send({ status: 'revoked' }).expect(200);
      const revoked = await book(delegation);
      expect(revoked.body.error).toMatchObject({ code: 'delegation_issuer_unknown', detail: { status: 'revoked' } });
      const back = await t.http().patch(`/v1/admin/delegation-issuers/${id}`).set(admin()).send({ status: 'active' });
      expect(back.body.error.code).toBe('validation_failed');
    });
  });

  // One case through the HTTP envelope; every reason and its variants are unit tests of the
  // verifier (docs/identity.md).
  describe('delegation_invalid', () => {
    it('answers the reason and its detail: audience_mismatch against the configured audience', async () => {
      const res = await expectInvalid(
        await mintDelegation(t.app, { sub: 's', issuer: platformIssuer, tenantId: tenant.tenantId, aud: 'https://other-platform.example' }),
        'audience_mismatch',
      );
      expect(res.body.error.detail.expected).toBe(t.config.delegationAudience);
    });
  });

  describe('tenant issuer administration', () => {
    it('registers an issuer with inline keys and reads it back', async () => {
      const keys = await createTestIssuerKeys('ES256');
      const res = await t
        .http()
        .post('/v1/admin/delegation-issuers')
        .set(admin())
        .send({ iss: keys.iss, name: 'Acme IdP', jwks: keys.jwks, allowed_audiences: [t.config.delegationAudience] });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: expect.any(String),
        iss: keys.iss,
        name: 'Acme IdP',
        status: 'active',
        jwks_url: null,
        jwks: keys.jwks,
        allowed_audiences: [t.config.delegationAudience],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const id = res.body.data.id;
      const read = await t.http().get(`/v1/admin/delegation-issuers/${id}`).set(admin());
      expect(read.body.data).toEqual(res.body.data);
      const list = await t.http().get('/v1/admin/delegation-issuers').set(admin());
      expect(list.body.data.items.map((i: { id: string }) => i.id)).toContain(id);
      await book(await mintDelegation(t.app, { sub: 's', issuer: keys })).expect(201);
    });

    it('registers an issuer by https jwks_url', async () => {
      const res = await t
        .http()
        .post('/v1/admin/delegation-issuers')
        .set(admin())
        .send({
          iss: `https://idp-${randomUUID()}.example`,
          name: 'Remote IdP',
          jwks_url: 'https://idp.example/.well-known/jwks.json',
          allowed_audiences: ['a'],
        });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ jwks_url: 'https://idp.example/.well-known/jwks.json', jwks: null });
    });

    it.each([
      ['neither jwks nor jwks_url', {}, 'jwks_url'],
      ['both', { jwks_url: 'https://idp.example/jwks', jwks: { keys: [] } }, 'jwks_url'],
      ['a loopback jwks_url (private targets not allowed here)', { jwks_url: 'http://127.0.0.1:9/jwks' }, 'jwks_url'],
      ['a plain http jwks_url', { jwks_url: 'http://idp.example/jwks' }, 'jwks_url'],
      ['a private key in jwks', { jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'secret' }] } }, 'jwks.keys[0]'],
      ['a symmetric key in jwks', { jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } }, 'jwks.keys[0].kty'],
    ])('refuses %s', async (_, keys, path) => {
      const res = await t
        .http()
        .post('/v1/admin/delegation-issuers')
        .set(admin())
        .send({ iss: `https://x-${randomUUID()}.example`, name: 'X', allowed_audiences: ['a'], ...keys });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toContain(path);
    });

    it('refuses a second issuer with the same iss in the tenant, and missing fields', async () => {
      const dup = await t
        .http()
        .post('/v1/admin/delegation-issuers')
        .set(admin())
        .send({ iss: tenantIssuer.iss, name: 'dup', jwks: tenantIssuer.jwks, allowed_audiences: ['a'] });
      expect(dup.body.error).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'iss', message: expect.any(String) }] } });
      const empty = await t.http().post('/v1/admin/delegation-issuers').set(admin()).send({});
      expect(empty.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['iss', 'name', 'allowed_audiences']));
    });

    it("answers delegation_issuer_not_found for another tenant's issuer and unknown ids, validation_failed for malformed ones", async () => {
      const malformed = await t.http().get('/v1/admin/delegation-issuers/nope').set(admin());
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.detail.field_errors).toEqual([{ path: 'id', message: 'must be a UUID' }]);
      const theirs = await registerTestIssuer(t.app, { tenant: other });
      for (const id of [theirs.registered?.id as string, randomUUID()]) {
        const read = await t.http().get(`/v1/admin/delegation-issuers/${id}`).set(admin());
        expect(read.status).toBe(404);
        expect(read.body.error.code).toBe('delegation_issuer_not_found');
        const patch = await t.http().patch(`/v1/admin/delegation-issuers/${id}`).set(admin()).send({ status: 'revoked' });
        expect(patch.body.error.code).toBe('delegation_issuer_not_found');
      }
      const list = await t.http().get('/v1/admin/delegation-issuers').set(admin());
      expect(list.body.data.items.map((i: { id: string }) => i.id)).not.toContain(theirs.registered?.id);
    });

    it('validates the status of a PATCH', async () => {
      const res = await t.http().patch(`/v1/admin/delegation-issuers/${tenantIssuer.registered?.id}`).set(admin()).send({ status: 'paused', name: 'x' });
      expect(res.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['name', 'status']);
    });
  });

  describe('GET /.well-known/delegation-issuers', () => {
    it('lists platform issuers, bare, in the public shape', async () => {
      await mintDelegation(t.app, { sub: 'warm-up', tenantId: tenant.tenantId });
      const res = await t.http().get('/.well-known/delegation-issuers');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['issuers']);
      const byIss = new Map(res.body.issuers.map((i: { iss: string }) => [i.iss, i]));
      expect(byIss.get(platformIssuer.iss)).toEqual({
        iss: platformIssuer.iss,
        name: expect.any(String),
        status: 'active',
        jwks_url: null,
        allowed_audiences: [t.config.delegationAudience],
      });
      expect(byIss.has(DEMO_ISSUER)).toBe(true);
      expect(byIss.has(tenantIssuer.iss)).toBe(false);
    });

    it("adds the tenant's own issuers when X-Tenant-Id names a tenant", async () => {
      const res = await t.http().get('/.well-known/delegation-issuers').set('X-Tenant-Id', tenant.tenantId);
      const isses = res.body.issuers.map((i: { iss: string }) => i.iss);
      expect(isses).toEqual(expect.arrayContaining([platformIssuer.iss, tenantIssuer.iss]));
      const unknown = await t.http().get('/.well-known/delegation-issuers').set('X-Tenant-Id', randomUUID());
      expect(unknown.body.issuers.map((i: { iss: string }) => i.iss)).not.toContain(tenantIssuer.iss);
    });
  });

  describe('issuers publishing a jwks_url', () => {
    let priv: TestApp;
    let server: Server;
    let baseUrl: string;
    let fetches = 0;
    const published = new Map<string, object>();

    beforeAll(async () => {
      priv = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, [AuthProbeModule]);
      server = createServer((req, res) => {
        if (req.url === '/slow/jwks') return; // never answers
        fetches += 1;
        const jwks = published.get(req.url ?? '');
        res.writeHead(jwks ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(jwks ?? {}));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await priv.close();
    });

    const register = (iss: string, jwksUrl: string) =>
      priv
        .http()
        .post('/v1/admin/delegation-issuers')
        .set(admin())
        .send({ iss, name: 'Remote', jwks_url: jwksUrl, allowed_audiences: [priv.config.delegationAudience] });

    it('fetches the keys once and verifies with them (loopback allowed by WEBHOOK_ALLOW_PRIVATE)', async () => {
      const keys = await createTestIssuerKeys('ES256');
      published.set('/idp1/jwks', keys.jwks);
      await register(keys.iss, `${baseUrl}/idp1/jwks`).expect(201);
      const before = fetches;
      for (const sub of ['a', 'b', 'c']) {
        const res = await priv
          .http()
          .post('/__auth/bookings')
          .set('Authorization', `Bearer ${agent.apiKey}`)
          .set('X-Delegated-User', await mintDelegation(priv.app, { sub, issuer: keys }));
        expect(res.status).toBe(201);
        expect(res.body.data.traveler).toEqual({ iss: keys.iss, sub });
      }
      expect(fetches - before).toBe(1);
    });

    it('answers bad_signature when the keys cannot be fetched within 2 s', async () => {
      const keys = await createTestIssuerKeys('ES256');
      await register(keys.iss, `${baseUrl}/slow/jwks`).expect(201);
      const started = Date.now();
      const res = await priv
        .http()
        .post('/__auth/bookings')
        .set('Authorization', `Bearer ${agent.apiKey}`)
        .set('X-Delegated-User', await mintDelegation(priv.app, { sub: 's', issuer: keys }));
      expect(Date.now() - started).toBeLessThan(4000);
      expect(res.body.error).toMatchObject({ code: 'delegation_invalid', detail: { reason: 'bad_signature', keys_unavailable: true } });
    });

    it('answers bad_signature when the issuer publishes no such key', async () => {
      const keys = await createTestIssuerKeys('RS256');
      await register(keys.iss, `${baseUrl}/missing/jwks`).expect(201);
      const res = await priv
        .http()
        .post('/__auth/bookings')
        .set('Authorization', `Bearer ${agent.apiKey}`)
        .set('X-Delegated-User', await mintDelegation(priv.app, { sub: 's', issuer: keys }));
      expect(res.body.error).toMatchObject({ code: 'delegation_invalid', detail: { reason: 'bad_signature' } });
    });
  });
});
