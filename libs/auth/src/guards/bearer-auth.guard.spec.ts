import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@hcs/domain';
import { KnownTenants } from '../credentials/known-tenants';
import { AnonymousCatalogRead, PrincipalKinds, Scopes } from '../decorators/auth.decorators';
import type { AuthFailureThrottle } from '../rate-limit/auth-failure-throttle';
import { identityFixture } from '../testing/identity-fixture';
import { BearerAuthGuard } from './bearer-auth.guard';
import type { GuardedRequest } from './http-request';

/** The routes of the auth probe, one per kind of auth metadata. */
class Routes {
  whoami(): void {}

  @AnonymousCatalogRead()
  @Scopes('catalog:read')
  catalog(): void {}

  @PrincipalKinds('agent')
  @Scopes('booking:read')
  readBookings(): void {}

  @PrincipalKinds('agent')
  @Scopes('booking:write')
  book(): void {}

  @PrincipalKinds('admin')
  admin(): void {}
}

const CHALLENGE = 'Bearer realm="hcs-test", resource_metadata="https://api.hcs.test/.well-known/oauth-protected-resource"';

async function setup() {
  const f = await identityFixture();
  const failures: string[] = [];
  const throttle = {
    state: async () => ({ blocked: false }),
    knownValid: async () => false,
    rememberValid: async () => undefined,
    recordFailure: async (ip: string) => void failures.push(ip),
  } as unknown as AuthFailureThrottle;
  const guard = new BearerAuthGuard(new Reflector(), f.authenticator, new KnownTenants(f.tenants), f.config, throttle);
  const agent = await f.principal('agent');
  const admin = await f.principal('admin');
  const other = await f.tenants.create('other');

  /** Runs the guard on `route` with these headers: the request, the response headers, and the DomainError if it refused. */
  const call = async (route: keyof Routes, headers: Record<string, string> = {}) => {
    const req: GuardedRequest = { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), ip: '192.0.2.1' };
    const sent: Record<string, string | number> = {};
    const ctx = {
      getType: () => 'http',
      getClass: () => Routes,
      getHandler: () => Routes.prototype[route],
      switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({ setHeader: (name: string, value: string | number) => (sent[name] = value) }) }),
    } as unknown as ExecutionContext;
    let error: DomainError | null = null;
    try {
      await guard.canActivate(ctx);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      error = e;
    }
    return { req, sent, error, code: error?.code ?? null };
  };
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  return { f, failures, agent, admin, other, call, bearer };
}

describe('BearerAuthGuard', () => {
  it('sets the actor of an API key and of an access token', async () => {
    const s = await setup();
    const byKey = await s.call('whoami', s.bearer(s.agent.secret));
    expect(byKey.error).toBeNull();
    expect(byKey.req.actor).toMatchObject({ principalId: s.agent.id, via: 'api_key' });
    const byToken = await s.call('whoami', { authorization: `bearer   ${await s.agent.token()}  ` });
    expect(byToken.req.actor).toMatchObject({ principalId: s.agent.id, via: 'oauth' });
  });

  describe('unauthenticated, with the WWW-Authenticate challenge, counted against the address', () => {
    it.each<[string, Record<string, string>]>([
      ['no Authorization header', {}],
      ['an empty bearer', { Authorization: 'Bearer ' }],
      ['another scheme', { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['a bearer of two words', { Authorization: 'Bearer a b' }],
      ['an unknown API key', { Authorization: 'Bearer hcs_agt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['garbage', { Authorization: 'Bearer not-a-credential' }],
      ['a malformed JWT', { Authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' }],
    ])('%s', async (_, headers) => {
      const s = await setup();
      const res = await s.call('whoami', headers);
      expect(res.code).toBe('unauthenticated');
      expect(res.sent['WWW-Authenticate']).toBe(CHALLENGE);
      expect(s.failures).toEqual(['192.0.2.1']);
    });

    it('a known secret glued to the scheme', async () => {
      const s = await setup();
      expect((await s.call('whoami', { Authorization: `Bearer${s.agent.secret}` })).code).toBe('unauthenticated');
    });

    it("HTTP Basic with an agent's secret: Basic is for channels only", async () => {
      const s = await setup();
      const res = await s.call('whoami', { Authorization: `Basic ${Buffer.from(`${s.agent.id}:${s.agent.secret}`).toString('base64')}` });
      expect(res.code).toBe('unauthenticated');
    });
  });

  describe('X-Tenant-Id beside a bearer', () => {
    it('is accepted when it is the credential tenant, in any case', async () => {
      const s = await setup();
      expect((await s.call('whoami', { ...s.bearer(s.agent.secret), 'X-Tenant-Id': s.f.tenant.id.toUpperCase() })).error).toBeNull();
    });

    it.each<[string, (s: Awaited<ReturnType<typeof setup>>) => string]>([
      ['another tenant', (s) => s.other.id],
      ['an unknown tenant', () => randomUUID()],
      ['not a uuid', () => 'tenant-1'],
    ])('is resource_access_denied for %s, with an API key and with a token', async (_, value) => {
      const s = await setup();
      const hint = value(s);
      for (const credential of [s.agent.secret, await s.agent.token()]) {
        const res = await s.call('whoami', { ...s.bearer(credential), 'X-Tenant-Id': hint });
        expect({ code: res.code, detail: res.error?.detail }).toEqual({ code: 'resource_access_denied', detail: { x_tenant_id: hint } });
      }
      expect(s.failures).toEqual([]);
    });
  });

  describe('anonymous catalog reads', () => {
    it('are allowed with X-Tenant-Id naming a tenant, which becomes the tenant of the read', async () => {
      const s = await setup();
      const res = await s.call('catalog', { 'X-Tenant-Id': s.f.tenant.id.toUpperCase() });
      expect(res.error).toBeNull();
      expect(res.req.anonymousTenantId).toBe(s.f.tenant.id);
      expect(res.req.actor).toBeUndefined();
    });

    it.each<[string, Record<string, string>]>([
      ['no X-Tenant-Id', {}],
      ['a malformed one', { 'X-Tenant-Id': 'abc' }],
      ['an unknown tenant', { 'X-Tenant-Id': randomUUID() }],
    ])('are unauthenticated with %s', async (_, headers) => {
      const s = await setup();
      const res = await s.call('catalog', headers);
      expect(res.code).toBe('unauthenticated');
      expect(res.sent['WWW-Authenticate']).toBe(CHALLENGE);
    });

    it('still check a bearer when one is sent', async () => {
      const s = await setup();
      expect((await s.call('catalog', s.bearer(s.agent.secret))).req.actor?.principalId).toBe(s.agent.id);
      expect((await s.call('catalog', { Authorization: 'Bearer nope', 'X-Tenant-Id': s.f.tenant.id })).code).toBe('unauthenticated');
      expect((await s.call('catalog', { ...s.bearer(s.agent.secret), 'X-Tenant-Id': s.other.id })).code).toBe('resource_access_denied');
    });

    it('are not allowed on other routes', async () => {
      const s = await setup();
      expect((await s.call('whoami', { 'X-Tenant-Id': s.f.tenant.id })).code).toBe('unauthenticated');
    });
  });

  describe('principal kinds and scopes', () => {
    it('forbidden when the agent lacks the scope, naming it', async () => {
      const s = await setup();
      const reader = await s.f.principal('agent', ['booking:read']);
      const res = await s.call('catalog', s.bearer(reader.secret));
      expect({ code: res.code, detail: res.error?.detail }).toEqual({
        code: 'forbidden',
        detail: { required_scopes: ['catalog:read'], missing_scopes: ['catalog:read'] },
      });
      expect((await s.call('readBookings', s.bearer(reader.secret))).error).toBeNull();
    });

    it('forbidden when the token was narrowed, even though the agent has the scope', async () => {
      const s = await setup();
      const token = await s.agent.token(['booking:read']);
      expect((await s.call('catalog', s.bearer(token))).code).toBe('forbidden');
      expect((await s.call('readBookings', s.bearer(token))).error).toBeNull();
    });

    it('principal_kind_not_allowed for an admin on an agent route and an agent on an admin route', async () => {
      const s = await setup();
      expect((await s.call('readBookings', s.bearer(s.admin.secret))).error?.detail).toEqual({ principal_kind: 'admin', allowed: ['agent'] });
      const asAgent = await s.call('admin', s.bearer(s.agent.secret));
      expect({ code: asAgent.code, detail: asAgent.error?.detail }).toEqual({
        code: 'principal_kind_not_allowed',
        detail: { principal_kind: 'agent', allowed: ['admin'] },
      });
    });

    it('checks the kind before the scope, and authenticates before either', async () => {
      const s = await setup();
      expect((await s.call('book', s.bearer(s.admin.secret))).code).toBe('principal_kind_not_allowed');
      // A channel has neither the kind nor the scope: the kind is what it is told.
      const channel = await s.f.principal('channel', ['ari:write']);
      expect((await s.call('book', s.bearer(channel.secret))).code).toBe('principal_kind_not_allowed');
      expect((await s.call('book')).code).toBe('unauthenticated');
      const noScope = await s.f.principal('agent', ['catalog:read']);
      expect((await s.call('book', s.bearer(noScope.secret))).code).toBe('forbidden');
    });
  });
});
