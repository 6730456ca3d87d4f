import { randomUUID } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, UnsecuredJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { AppConfig } from '@hcs/platform';
import { FakeSigningKeys } from '../testing/fake-signing-keys';
import { AccessTokens } from './access-tokens.service';
import { SigningKeys } from './signing-keys.service';

const BASE_URL = 'https://api.hcs.test';
const TENANT = '00000000-0000-4000-8000-00000000000a';
const AGENT = '00000000-0000-4000-8000-0000000000a1';
const CREDENTIAL = '00000000-0000-4000-8000-0000000000c1';

/** Access tokens over an in-memory key store, with our own signing key at hand for forgeries. */
async function setup() {
  const keys = new FakeSigningKeys();
  const tokens = new AccessTokens(new SigningKeys(keys), { baseUrl: BASE_URL, oauthEnabled: true } as AppConfig);
  const minted = await tokens.mint({ tenantId: TENANT, agentId: AGENT, credentialId: CREDENTIAL, scopes: ['catalog:read', 'booking:read'] });
  const active = await keys.findActive('oauth_access_token');
  if (!active) throw new Error('no active signing key');
  const ours = { kid: active.kid, key: (await importJWK(active.privateJwk as JWK, 'ES256')) as CryptoKey, publicJwk: active.publicJwk };
  const claims = (): Record<string, unknown> => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: BASE_URL,
      sub: AGENT,
      aud: BASE_URL,
      tenant_id: TENANT,
      scope: 'catalog:read',
      client_id: AGENT,
      cid: CREDENTIAL,
      jti: randomUUID(),
      iat: now,
      exp: now + 600,
    };
  };
  const sign = (payload: Record<string, unknown>, header: Record<string, unknown> = {}, key: CryptoKey | Uint8Array = ours.key) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: ours.kid, typ: 'at+jwt', ...header } as never).sign(key);
  return { tokens, minted, ours, claims, sign };
}

describe('AccessTokens', () => {
  it('verifies a token it minted into its claims, and one signed with its key and every claim right', async () => {
    const s = await setup();
    expect(s.minted).toEqual({ accessToken: expect.any(String), expiresIn: 3600, scope: 'catalog:read booking:read' });
    await expect(s.tokens.verify(s.minted.accessToken)).resolves.toEqual({
      tenantId: TENANT,
      agentId: AGENT,
      credentialId: CREDENTIAL,
      tokenId: expect.any(String),
      scopes: ['catalog:read', 'booking:read'],
      expiresAt: expect.any(Number),
    });
    await expect(s.tokens.verify(await s.sign(s.claims()))).resolves.toMatchObject({ agentId: AGENT, scopes: ['catalog:read'] });
    await expect(s.tokens.recognises(s.minted.accessToken)).resolves.toBe(true);
  });

  describe('refuses (null) a forged or unfit token', () => {
    it('alg none, as such and relabelled with our kid', async () => {
      const s = await setup();
      const unsigned = new UnsecuredJWT(s.claims()).encode();
      await expect(s.tokens.verify(unsigned)).resolves.toBeNull();
      const relabelled = `${Buffer.from(JSON.stringify({ alg: 'none', kid: s.ours.kid, typ: 'at+jwt' })).toString('base64url')}.${unsigned.split('.')[1]}.`;
      await expect(s.tokens.verify(relabelled)).resolves.toBeNull();
    });

    it('HS256 with our public key as the secret', async () => {
      const s = await setup();
      const secret = new TextEncoder().encode(JSON.stringify(s.ours.publicJwk));
      await expect(s.tokens.verify(await s.sign(s.claims(), { alg: 'HS256' }, secret))).resolves.toBeNull();
    });

    it('an unknown kid (on our key or a foreign one), and our kid on a foreign key', async () => {
      const s = await setup();
      const { privateKey } = await generateKeyPair('ES256');
      await expect(s.tokens.verify(await s.sign(s.claims(), { kid: randomUUID() }))).resolves.toBeNull();
      await expect(s.tokens.verify(await s.sign(s.claims(), { kid: randomUUID() }, privateKey))).resolves.toBeNull();
      await expect(s.tokens.verify(await s.sign(s.claims(), {}, privateKey))).resolves.toBeNull();
    });

    it('expired beyond the tolerance', async () => {
      const s = await setup();
      const now = Math.floor(Date.now() / 1000);
      await expect(s.tokens.verify(await s.sign({ ...s.claims(), iat: now - 4000, exp: now - 60 }))).resolves.toBeNull();
    });

    it('another audience, another issuer, or not an access token (typ)', async () => {
      const s = await setup();
      await expect(s.tokens.verify(await s.sign({ ...s.claims(), aud: 'https://elsewhere.example' }))).resolves.toBeNull();
      await expect(s.tokens.verify(await s.sign({ ...s.claims(), iss: 'https://evil.example' }))).resolves.toBeNull();
      await expect(s.tokens.verify(await s.sign(s.claims(), { typ: 'JWT' }))).resolves.toBeNull();
    });

    it.each(['jti', 'tenant_id', 'cid', 'scope', 'exp', 'sub', 'iat'])('without %s', async (missing) => {
      const s = await setup();
      const payload = s.claims();
      delete payload[missing];
      await expect(s.tokens.verify(await s.sign(payload))).resolves.toBeNull();
      await expect(s.tokens.recognises(await s.sign(payload))).resolves.toBe(false);
    });
  });
});
