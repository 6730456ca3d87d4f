import { hashSecret } from '@hcs/domain';
import type { Principal, Scope } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import { FakeCredentials, FakePrincipals, fakeUuid } from '../../../domain/src/testing/fake-identity-ports';
import { CredentialLookup } from '../credentials/credential-lookup';
import { FakeSigningKeys } from '../testing/fake-signing-keys';
import { AccessTokens } from '../tokens/access-tokens.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { grantedScopes, OAuthTokenService } from './oauth-token.service';
import { OAuthError } from './oauth-error';

describe('grantedScopes', () => {
  it('grants every scope of the agent when none is asked', () => {
    expect(grantedScopes(undefined, ['catalog:read', 'booking:read'])).toEqual(['catalog:read', 'booking:read']);
  });

  it('narrows to the requested subset, deduplicated, in canonical order', () => {
    expect(grantedScopes('booking:read  catalog:read booking:read', ['catalog:read', 'booking:write', 'booking:read'])).toEqual([
      'catalog:read',
      'booking:read',
    ]);
  });

  it.each([
    ['booking:write', ['catalog:read']],
    ['catalog:read booking:read', ['catalog:read']],
    ['catalog:read admin', ['catalog:read']],
    ['everything', ['catalog:read']],
    ['', ['catalog:read']],
  ])('refuses %p for an agent with %p as invalid_scope', (requested, agentScopes) => {
    let error: unknown;
    try {
      grantedScopes(requested, agentScopes as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).error).toBe('invalid_scope');
    expect((error as OAuthError).status).toBe(400);
  });
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The token endpoint over in-memory principals, credentials and signing keys. */
async function setup(config: Partial<AppConfig> = {}) {
  const principals = new FakePrincipals();
  const credentials = new FakeCredentials(principals);
  const tenantId = fakeUuid();
  const principal = async (kind: Principal['kind'], scopes: Scope[], secret: string) => {
    const p = await principals.create({ tenantId, kind, name: kind, scopes });
    await credentials.create({ tenantId, principalId: p.id, secretHash: hashSecret(secret), secretPrefix: secret.slice(0, 8) });
    return p;
  };
  const agent = await principal('agent', ['catalog:read', 'booking:write', 'booking:read'], 'hcs_agt_secret');
  const admin = await principal('admin', [], 'hcs_adm_secret');
  const tokens = new AccessTokens(new SigningKeys(new FakeSigningKeys()), { baseUrl: 'https://api.hcs.test', oauthEnabled: true } as AppConfig);
  const service = new OAuthTokenService(new CredentialLookup(credentials), tokens, { oauthEnabled: true, ...config } as AppConfig);
  return { service, principals, agent, admin, principal };
}

/** The OAuthError `issue` answers, as the endpoint renders it: status, code and whether it challenges with Basic. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string; basicChallenge: boolean }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  const { status, error: code, basicChallenge } = error as OAuthError;
  return { status, error: code, basicChallenge };
}

describe('OAuthTokenService.issue', () => {
  it('mints for body credentials and for HTTP Basic, all scopes unless asked for fewer', async () => {
    const s = await setup();
    const body = await s.service.issue({ body: { grant_type: 'client_credentials', client_id: s.agent.id, client_secret: 'hcs_agt_secret' } });
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'catalog:read booking:write booking:read' });
    const viaBasic = await s.service.issue({
      body: { grant_type: 'client_credentials', scope: 'booking:read' },
      authorization: basic(s.agent.id.toUpperCase(), 'hcs_agt_secret'),
    });
    expect(viaBasic.scope).toBe('booking:read');
  });

  describe('invalid_client (401)', () => {
    it.each<[string, (s: Awaited<ReturnType<typeof setup>>) => Record<string, string>]>([
      ['a wrong secret', (s) => ({ client_id: s.agent.id, client_secret: 'hcs_agt_wrong' })],
      ['an unknown client id', () => ({ client_id: fakeUuid(), client_secret: 'hcs_agt_secret' })],
      ['a malformed client id', () => ({ client_id: 'agent-1', client_secret: 'hcs_agt_secret' })],
      ["another principal's id with this secret", (s) => ({ client_id: s.admin.id, client_secret: 'hcs_agt_secret' })],
      ['an admin credential', (s) => ({ client_id: s.admin.id, client_secret: 'hcs_adm_secret' })],
      ['no client credentials', () => ({})],
      ['a client id without secret', (s) => ({ client_id: s.agent.id })],
    ])('for %s, without a Basic challenge', async (_, fields) => {
      const s = await setup();
      expect(await refusal(s.service.issue({ body: { grant_type: 'client_credentials', ...fields(s) } }))).toEqual({
        status: 401,
        error: 'invalid_client',
        basicChallenge: false,
      });
    });

    it('for a disabled agent', async () => {
      const s = await setup();
      await s.principals.update(s.agent.tenantId, s.agent.id, 'agent', { status: 'disabled' });
      const answer = await refusal(s.service.issue({ body: { grant_type: 'client_credentials', client_id: s.agent.id, client_secret: 'hcs_agt_secret' } }));
      expect(answer.error).toBe('invalid_client');
    });

    it.each([
      ['a wrong Basic secret', (id: string) => basic(id, 'nope')],
      ['Basic without a colon', () => `Basic ${Buffer.from('no-colon').toString('base64')}`],
      ['another scheme', () => 'Bearer hcs_agt_secret'],
    ])('with a Basic challenge for %s', async (_, authorization) => {
      const s = await setup();
      expect(await refusal(s.service.issue({ body: { grant_type: 'client_credentials' }, authorization: authorization(s.agent.id) }))).toEqual({
        status: 401,
        error: 'invalid_client',
        basicChallenge: true,
      });
    });

    it('counts as a failure of the address, and only it', async () => {
      const s = await setup();
      const gate = { admit: jest.fn(async () => undefined), failed: jest.fn(async () => undefined), succeeded: jest.fn(async () => undefined) };
      await refusal(s.service.issue({ body: { grant_type: 'client_credentials', client_id: s.agent.id, client_secret: 'wrong' } }, gate));
      expect(gate.failed).toHaveBeenCalledTimes(1);
      await refusal(s.service.issue({ body: { grant_type: 'client_credentials', client_id: s.agent.id, client_secret: 'hcs_agt_secret', scope: 'x' } }, gate));
      expect(gate.failed).toHaveBeenCalledTimes(1);
    });
  });

  it('invalid_scope (400) for a scope the agent lacks, and for an unknown scope', async () => {
    const s = await setup();
    const reader = await s.principal('agent', ['catalog:read'], 'hcs_agt_reader');
    for (const scope of ['booking:write', 'catalog:read booking:read', 'everything']) {
      const answer = await refusal(
        s.service.issue({ body: { grant_type: 'client_credentials', client_id: reader.id, client_secret: 'hcs_agt_reader', scope } }),
      );
      expect(answer).toEqual({ status: 400, error: 'invalid_scope', basicChallenge: false });
    }
    const ok = await s.service.issue({ body: { grant_type: 'client_credentials', client_id: reader.id, client_secret: 'hcs_agt_reader' } });
    expect(ok.scope).toBe('catalog:read');
  });

  describe('malformed requests (400)', () => {
    it.each<[string, unknown, string]>([
      ['a missing grant_type', { client_id: 'x', client_secret: 'y' }, 'invalid_request'],
      ['no body at all', undefined, 'invalid_request'],
      ['a body that is not an object', ['grant_type'], 'invalid_request'],
      ['an unknown field', { grant_type: 'client_credentials', audience: 'x' }, 'invalid_request'],
      ['a non-string field', { grant_type: 'client_credentials', scope: ['catalog:read'] }, 'invalid_request'],
      ['another grant with its fields', { grant_type: 'password', username: 'a' }, 'invalid_request'],
      ['an unsupported grant', { grant_type: 'authorization_code' }, 'unsupported_grant_type'],
    ])('%s', async (_, body, error) => {
      const s = await setup();
      expect(await refusal(s.service.issue({ body }))).toEqual({ status: 400, error, basicChallenge: false });
    });

    it('two client authentication methods at once, or a body client_id other than the Basic user', async () => {
      const s = await setup();
      const authorization = basic(s.agent.id, 'hcs_agt_secret');
      expect((await refusal(s.service.issue({ body: { grant_type: 'client_credentials', client_secret: 'hcs_agt_secret' }, authorization }))).error).toBe(
        'invalid_request',
      );
      expect((await refusal(s.service.issue({ body: { grant_type: 'client_credentials', client_id: s.admin.id }, authorization }))).error).toBe(
        'invalid_request',
      );
    });
  });

  it('answers oauth_not_configured (404) with OAUTH_ENABLED=false, before reading the request', async () => {
    const s = await setup({ oauthEnabled: false });
    expect(await refusal(s.service.issue({ body: { grant_type: 'client_credentials' } }))).toEqual({
      status: 404,
      error: 'oauth_not_configured',
      basicChallenge: false,
    });
  });
});
