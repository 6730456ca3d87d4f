import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { SigningKeys } from '@hcs/auth';
import { SigningKeyRepository } from '@hcs/domain';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, mintAccessToken, TestAgent, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('OAuth', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
  });
  afterAll(() => t.close());

  const token = () => t.http().post('/oauth/token');

  describe('POST /oauth/token', () => {
    it('mints a token from a JSON body, flat and uncacheable', async () => {
      const res = await token().send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'catalog:read booking:write booking:read' });
      expect(res.headers['cache-control']).toBe('no-store');
      await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    });

    it('mints a token from a form-encoded body', async () => {
      const res = await token()
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey, scope: 'catalog:read' });
      expect(res.status).toBe(200);
      expect(res.body.scope).toBe('catalog:read');
      await t.http().get('/__auth/catalog').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    });

    it('mints a token with HTTP Basic client authentication (form and JSON)', async () => {
      const form = await token().set('Authorization', basic(agent.agentId, agent.apiKey)).type('form').send({ grant_type: 'client_credentials' });
      expect(form.status).toBe(200);
      const json = await token().set('Authorization', basic(agent.agentId, agent.apiKey)).send({ grant_type: 'client_credentials', scope: 'booking:read' });
      expect(json.status).toBe(200);
      expect(json.body.scope).toBe('booking:read');
    });

    it('mints with a rotated secret, and the old one until it is revoked', async () => {
      const a = await createAgent(t.app, tenant);
      const rotated = await t.http().post(`/v1/admin/agents/${a.agentId}/credentials`).set('Authorization', `Bearer ${tenant.adminKey}`).expect(201);
      const fresh = rotated.body.data.credential.secret as string;
      for (const secret of [a.apiKey, fresh]) {
        await token().send({ grant_type: 'client_credentials', client_id: a.agentId, client_secret: secret }).expect(200);
      }
      await t.http().delete(`/v1/admin/agents/${a.agentId}/credentials/${a.credentialId}`).set('Authorization', `Bearer ${tenant.adminKey}`).expect(200);
      const old = await token().send({ grant_type: 'client_credentials', client_id: a.agentId, client_secret: a.apiKey });
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      await token().send({ grant_type: 'client_credentials', client_id: a.agentId, client_secret: fresh }).expect(200);
    });

    // One case per error code through the endpoint; the client, grant, field and scope rules are
    // unit tests of the token service.
    describe('invalid_client (401)', () => {
      it('for a wrong secret, flat and without a challenge', async () => {
        const res = await token().send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: 'hcs_agt_wrong' });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
        expect(res.headers['www-authenticate']).toBeUndefined();
      });

      it('with a Basic challenge when Basic credentials were wrong', async () => {
        const res = await token().set('Authorization', basic(agent.agentId, 'nope')).send({ grant_type: 'client_credentials' });
        expect(res.status).toBe(401);
        expect(res.body.error).toBe('invalid_client');
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      });
    });

    describe('invalid_scope (400)', () => {
      it('for a scope the agent lacks', async () => {
        const reader = await createAgent(t.app, tenant, { scopes: ['catalog:read'] });
        const res = await token().send({ grant_type: 'client_credentials', client_id: reader.agentId, client_secret: reader.apiKey, scope: 'booking:write' });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'invalid_scope', error_description: expect.any(String) });
      });
    });

    describe('malformed requests (400, flat)', () => {
      it.each([
        ['a missing grant_type', { client_id: 'x', client_secret: 'y' }, 'invalid_request'],
        ['an unsupported grant', { grant_type: 'authorization_code' }, 'unsupported_grant_type'],
      ])('%s', async (_, body, error) => {
        const res = await token().send(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error, error_description: expect.any(String) });
      });
    });

    it('answers bodies that never reach the endpoint (malformed JSON, other media types, too large) flat too', async () => {
      for (const res of [
        await token().set('Content-Type', 'application/json').send('{"grant_type": '),
        await token().set('Content-Type', 'text/plain').send('grant_type=client_credentials'),
        await token().send({ grant_type: 'client_credentials', scope: 'x'.repeat(300 * 1024) }),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
      }
    });
  });

  describe('tokens', () => {
    it('verify with jose against /.well-known/jwks.json and carry the documented claims', async () => {
      const access = await mintAccessToken(t.http, agent, 'catalog:read booking:read');
      const jwks = await t.http().get('/.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      expect(Object.keys(jwks.body)).toEqual(['keys']);
      for (const key of jwks.body.keys as JWK[]) {
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
        expect(key).not.toHaveProperty('d');
      }
      const { payload, protectedHeader } = await jwtVerify(access, createLocalJWKSet(jwks.body), {
        issuer: t.config.baseUrl,
        audience: t.config.baseUrl,
        algorithms: ['ES256'],
      });
      expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
      expect(payload).toMatchObject({
        iss: t.config.baseUrl,
        sub: agent.agentId,
        aud: t.config.baseUrl,
        tenant_id: tenant.tenantId,
        scope: 'catalog:read booking:read',
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    });

    describe('forged or unfit tokens are unauthenticated', () => {
      let ours: { kid: string; key: CryptoKey | Uint8Array };
      const claims = () => {
        const now = Math.floor(Date.now() / 1000);
        return {
          iss: t.config.baseUrl,
          sub: agent.agentId,
          aud: t.config.baseUrl,
          tenant_id: tenant.tenantId,
          scope: 'catalog:read',
          client_id: agent.agentId,
          cid: agent.credentialId,
          jti: randomUUID(),
          iat: now,
          exp: now + 600,
        };
      };
      const sign = (payload: Record<string, unknown>, header: Record<string, unknown> = {}, key: CryptoKey | Uint8Array = ours.key) =>
        new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: ours.kid, typ: 'at+jwt', ...header } as never).sign(key);
      const call = (jwt: string) => t.http().get('/__auth/whoami').set('Authorization', `Bearer ${jwt}`);

      beforeAll(async () => {
        await mintAccessToken(t.http, agent);
        const active = await t.app.get(SigningKeyRepository).findActive('oauth_access_token');
        if (!active) throw new Error('no active signing key');
        ours = { kid: active.kid, key: await importJWK(active.privateJwk as JWK, 'ES256') };
      });

      it('(control) a token signed with our key and every claim right is accepted', async () => {
        await call(await sign(claims())).expect(200);
      });

      // One forgery through the guard; the other forged and unfit tokens are unit tests of the
      // access token verifier and the bearer authenticator.
      it('our kid on a foreign key', async () => {
        const { privateKey } = await generateKeyPair('ES256');
        const res = await call(await sign(claims(), {}, privateKey));
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthenticated');
      });
    });

    it('stay valid across a key rotation, and both keys are published', async () => {
      const before = await mintAccessToken(t.http, agent);
      const newKid = await t.app.get(SigningKeys).rotate('oauth_access_token');
      const after = await mintAccessToken(t.http, agent);
      expect(decodeProtectedHeader(after).kid).toBe(newKid);
      expect(decodeProtectedHeader(before).kid).not.toBe(newKid);
      await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${before}`).expect(200);
      await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${after}`).expect(200);
      const jwks = await t.http().get('/.well-known/jwks.json');
      const kids = (jwks.body.keys as JWK[]).map((k) => k.kid);
      expect(kids).toEqual(expect.arrayContaining([decodeProtectedHeader(before).kid, newKid]));
      for (const jwt of [before, after]) await jwtVerify(jwt, createLocalJWKSet(jwks.body));
    });

    it('signing keys are created once even when processes race for the first one', async () => {
      const repo = t.app.get(SigningKeyRepository);
      const previous = await repo.findActive('oauth_access_token');
      // Retire the current key (it stays published): the next signers must create one.
      await t.app.get(DataSource).query(`UPDATE signing_keys SET retired_at = now() WHERE purpose = 'oauth_access_token' AND retired_at IS NULL`);
      const racers = Array.from({ length: 6 }, () => new SigningKeys(repo));
      const keys = await Promise.all(racers.map((r) => r.activeKey('oauth_access_token')));
      expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
      expect(keys[0].kid).not.toBe(previous?.kid);
      const active = await repo.listPublished('oauth_access_token', new Date(Date.now() + 60_000));
      expect(active.map((k) => k.kid)).toEqual([keys[0].kid]);
      // This process still signs with its cached, now retired key: still published, still valid.
      await t
        .http()
        .get('/__auth/whoami')
        .set('Authorization', `Bearer ${await mintAccessToken(t.http, agent)}`)
        .expect(200);
    });
  });

  describe('discovery', () => {
    it('publishes RFC 8414 metadata at both addresses, bare', async () => {
      const a = await t.http().get('/.well-known/oauth-authorization-server');
      const b = await t.http().get('/.well-known/openid-configuration');
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
      const base = t.config.baseUrl;
      expect(a.body).toMatchObject({
        issuer: base,
        token_endpoint: `${base}/oauth/token`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['catalog:read', 'booking:write', 'booking:read'],
        response_types_supported: expect.any(Array),
      });
      expect(a.body).not.toHaveProperty('data');
      expect(a.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-/);
    });

    it('publishes RFC 9728 protected resource metadata', async () => {
      const res = await t.http().get('/.well-known/oauth-protected-resource');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        resource: t.config.baseUrl,
        authorization_servers: [t.config.baseUrl],
        bearer_methods_supported: ['header'],
        scopes_supported: ['catalog:read', 'booking:write', 'booking:read'],
        resource_documentation: t.config.docsUrl,
        mcp_endpoint: `${t.config.mcpUrl}/mcp`,
      });
    });

    it('publishes the MCP endpoint as a protected resource of its own (RFC 9728 path-suffixed form)', async () => {
      const res = await t.http().get('/.well-known/oauth-protected-resource/mcp');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resource: `${t.config.mcpUrl}/mcp`, authorization_servers: [t.config.baseUrl], bearer_methods_supported: ['header'] });
    });
  });

  describe('with OAUTH_ENABLED=false', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await startTestApp({ OAUTH_ENABLED: 'false' }, [AuthProbeModule]);
    });
    afterAll(() => off.close());

    it('the token endpoint answers oauth_not_configured', async () => {
      const res = await off.http().post('/oauth/token').send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'oauth_not_configured' });
    });

    it.each(['oauth-authorization-server', 'openid-configuration', 'oauth-protected-resource'])(
      '/.well-known/%s answers oauth_metadata_not_configured',
      async (doc) => {
        const res = await off.http().get(`/.well-known/${doc}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'oauth_metadata_not_configured' });
      },
    );

    it('access tokens are not accepted, API keys still are', async () => {
      const access = await mintAccessToken(t.http, agent);
      await off.http().get('/__auth/whoami').set('Authorization', `Bearer ${access}`).expect(401);
      await off.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`).expect(200);
    });
  });
});
