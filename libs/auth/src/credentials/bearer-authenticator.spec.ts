import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { FIXTURE_BASE_URL, identityFixture } from '../testing/identity-fixture';

describe('BearerAuthenticator', () => {
  it('resolves an API key to its actor', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    await expect(f.authenticator.authenticate(agent.secret)).resolves.toEqual({
      tenantId: f.tenant.id,
      principalId: agent.id,
      kind: 'agent',
      scopes: ['catalog:read', 'booking:write', 'booking:read'],
      bookingLimit: null,
      via: 'api_key',
      credentialId: agent.credential.id,
    });
  });

  it('resolves an access token to its agent, marked oauth, with the token id', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    await expect(f.authenticator.authenticate(await agent.token())).resolves.toMatchObject({
      tenantId: f.tenant.id,
      principalId: agent.id,
      kind: 'agent',
      via: 'oauth',
      credentialId: agent.credential.id,
      tokenId: expect.any(String),
    });
  });

  it.each([
    ['an unknown API key', 'hcs_agt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['garbage', 'not-a-credential'],
    ['a malformed JWT', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ])('knows no one for %s', async (_, bearer) => {
    const f = await identityFixture();
    await f.principal('agent');
    await expect(f.authenticator.authenticate(bearer)).resolves.toBeNull();
  });

  it('knows no one for a revoked API key, nor for the tokens it minted', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    const token = await agent.token();
    await f.credentials.revoke(agent.tenantId, agent.id, agent.credential.id);
    f.changed();
    await expect(f.authenticator.authenticate(agent.secret)).resolves.toBeNull();
    await expect(f.authenticator.authenticate(token)).resolves.toBeNull();
  });

  it('knows no one for a disabled agent, key or token, until it is enabled again', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    const token = await agent.token();
    await f.principals.update(agent.tenantId, agent.id, 'agent', { status: 'disabled' });
    f.changed();
    await expect(f.authenticator.authenticate(agent.secret)).resolves.toBeNull();
    await expect(f.authenticator.authenticate(token)).resolves.toBeNull();
    await f.principals.update(agent.tenantId, agent.id, 'agent', { status: 'active' });
    f.changed();
    await expect(f.authenticator.authenticate(agent.secret)).resolves.not.toBeNull();
    await expect(f.authenticator.authenticate(token)).resolves.not.toBeNull();
  });

  it('knows no one for a token of ours whose claims do not match its credential (other agent, other tenant, not an agent)', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    const stranger = await f.principal('agent', undefined, randomUUID());
    const admin = await f.principal('admin');
    await agent.token();
    const active = await f.signingKeys.findActive('oauth_access_token');
    const key = (await importJWK(active?.privateJwk as JWK, 'ES256')) as CryptoKey;
    const sign = (claims: Record<string, unknown>) => {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: FIXTURE_BASE_URL,
        sub: agent.id,
        aud: FIXTURE_BASE_URL,
        tenant_id: agent.tenantId,
        scope: 'catalog:read',
        cid: agent.credential.id,
        jti: randomUUID(),
        iat: now,
        exp: now + 600,
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: active?.kid, typ: 'at+jwt' }).sign(key);
    };
    await expect(f.authenticator.authenticate(await sign({}))).resolves.not.toBeNull();
    await expect(f.authenticator.authenticate(await sign({ sub: stranger.id }))).resolves.toBeNull();
    await expect(f.authenticator.authenticate(await sign({ tenant_id: stranger.tenantId }))).resolves.toBeNull();
    await expect(f.authenticator.authenticate(await sign({ sub: admin.id, cid: admin.credential.id }))).resolves.toBeNull();
  });

  it('gives a token the scopes it was granted that the agent still has', async () => {
    const f = await identityFixture();
    const agent = await f.principal('agent');
    const narrowed = await agent.token(['booking:read']);
    await expect(f.authenticator.authenticate(narrowed)).resolves.toMatchObject({ scopes: ['booking:read'] });
    const full = await agent.token();
    await f.principals.update(agent.tenantId, agent.id, 'agent', { scopes: ['booking:read'] });
    f.changed();
    await expect(f.authenticator.authenticate(full)).resolves.toMatchObject({ scopes: ['booking:read'] });
  });

  it('with OAUTH_ENABLED=false, accepts API keys and no access token', async () => {
    const on = await identityFixture();
    const agent = await on.principal('agent');
    const token = await agent.token();
    const off = await identityFixture({ oauthEnabled: false });
    const offAgent = await off.principal('agent');
    await expect(off.authenticator.authenticate(offAgent.secret)).resolves.toMatchObject({ via: 'api_key' });
    await expect(off.authenticator.authenticate(await offAgent.token())).resolves.toBeNull();
    await expect(off.authenticator.recognises(await offAgent.token())).resolves.toBe(false);
    await expect(on.authenticator.recognises(token)).resolves.toBe(true);
  });
});
