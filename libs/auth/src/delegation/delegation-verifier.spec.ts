import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { DelegationIssuer, DomainError } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import { FakeDelegationIssuers } from '../../../domain/src/testing/fake-delegation-ports';
import { DEMO_ISSUER } from './demo-delegation-issuer';
import { DelegationVerifier } from './delegation-verifier';
import { TrustedIssuers } from './trusted-issuers';

const AUDIENCE = 'https://api.hcs.test';
const TENANT = '00000000-0000-4000-8000-00000000000a';
const OTHER_TENANT = '00000000-0000-4000-8000-00000000000b';
const now = () => Math.floor(Date.now() / 1000);

interface Signer {
  iss: string;
  alg: 'ES256' | 'RS256';
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function signer(alg: 'ES256' | 'RS256', iss = `https://idp-${randomUUID().slice(0, 8)}.test`): Promise<Signer> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { iss, alg, kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** A delegation of `by`, valid unless the overrides say otherwise; a claim set to undefined is left out. */
function delegation(by: Signer, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}, key: CryptoKey = by.privateKey): Promise<string> {
  const payload: JWTPayload & Record<string, unknown> = { iss: by.iss, sub: 'traveler-1', aud: AUDIENCE, iat: now(), exp: now() + 900, ...claims };
  for (const name of Object.keys(payload)) if (payload[name] === undefined) delete payload[name];
  return new SignJWT(payload).setProtectedHeader({ alg: by.alg, kid: by.kid, typ: 'JWT', ...header } as never).sign(key);
}

const config = (overrides: Partial<AppConfig> = {}) =>
  ({ delegationAudience: AUDIENCE, nodeEnv: 'test', delegationMaxLifetimeSeconds: 900, webhookAllowPrivate: false, ...overrides }) as AppConfig;

async function setup(overrides: Partial<AppConfig> = {}) {
  const repository = new FakeDelegationIssuers();
  const lookups = jest.spyOn(repository, 'findTrusted');
  const register = (by: Signer, tenantId: string | null, patch: Partial<DelegationIssuer> = {}): DelegationIssuer => {
    const row: DelegationIssuer = {
      id: randomUUID(),
      tenantId,
      iss: by.iss,
      name: by.iss,
      status: 'active',
      jwksUrl: null,
      jwks: { keys: [by.publicJwk as Record<string, unknown>] },
      allowedAudiences: [AUDIENCE],
      createdAt: new Date(),
      updatedAt: new Date(),
      ...patch,
    };
    repository.rows.push(row);
    return row;
  };
  const platform = await signer('ES256');
  const tenantIssuer = await signer('RS256');
  register(platform, null);
  register(tenantIssuer, TENANT);
  const verifier = new DelegationVerifier(new TrustedIssuers(repository), config(overrides));
  return { verifier, register, lookups, platform, tenantIssuer };
}

/** The DomainError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function invalid(promise: Promise<unknown>, reason: string): Promise<Record<string, unknown>> {
  const error = await refusal(promise);
  expect({ code: error.code, reason: error.detail?.reason }).toEqual({ code: 'delegation_invalid', reason });
  return error.detail as Record<string, unknown>;
}

describe('DelegationVerifier', () => {
  describe('accepts', () => {
    it("a platform issuer's (ES256) delegation bound to the tenant and a tenant issuer's (RS256)", async () => {
      const s = await setup();
      const exp = now() + 900;
      const verified = await s.verifier.verifyDelegation(TENANT, await delegation(s.platform, { tenant_id: TENANT, jti: 'j-1', exp }));
      expect(verified).toEqual({ traveler: { iss: s.platform.iss, sub: 'traveler-1' }, jti: 'j-1', expiresAt: new Date(exp * 1000) });
      await expect(s.verifier.verify(TENANT, await delegation(s.tenantIssuer))).resolves.toEqual({ iss: s.tenantIssuer.iss, sub: 'traveler-1' });
    });

    it('aud as an array holding the platform audience', async () => {
      const s = await setup();
      await expect(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { aud: ['https://other.example', AUDIENCE] }))).resolves.toBeDefined();
    });

    it('a delegation expired within the 30 s tolerance', async () => {
      const s = await setup();
      await expect(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { iat: now() - 300, exp: now() - 10 }))).resolves.toBeDefined();
    });
  });

  describe('delegation_invalid', () => {
    it('expired: beyond the 30 s tolerance', async () => {
      const s = await setup();
      for (const ago of [45, 3600]) {
        await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { iat: now() - ago - 60, exp: now() - ago })), 'expired');
      }
    });

    it('expired: not valid yet (nbf beyond the tolerance)', async () => {
      const s = await setup();
      await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { nbf: now() + 600 })), 'expired');
    });

    it('expired: issued in the future, or living longer than the configured lifetime', async () => {
      const s = await setup();
      expect(await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { iat: now() + 600, exp: now() + 900 })), 'expired')).toMatchObject({
        claim: 'iat',
      });
      expect(await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { exp: now() + 901 })), 'expired')).toEqual({
        reason: 'expired',
        claim: 'exp',
        lifetime_seconds: 901,
        max_lifetime_seconds: 900,
      });
    });

    it('bad_signature: a foreign key under the issuer kid, a tampered payload, an unknown kid, garbage', async () => {
      const s = await setup();
      const { privateKey: foreign } = await generateKeyPair('ES256');
      await invalid(s.verifier.verify(TENANT, await delegation(s.platform, { tenant_id: TENANT }, {}, foreign)), 'bad_signature');

      const [h, p, sig] = (await delegation(s.platform, { tenant_id: TENANT, sub: 'alice' })).split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url')}.${sig}`;
      await invalid(s.verifier.verify(TENANT, tampered), 'bad_signature');

      await invalid(s.verifier.verify(TENANT, await delegation(s.platform, { tenant_id: TENANT }, { kid: randomUUID() })), 'bad_signature');
      await invalid(s.verifier.verify(TENANT, 'not-a-jwt'), 'bad_signature');
    });

    it('bad_signature with keys_unavailable for a jwks_url the outbound rule refuses, without fetching', async () => {
      const s = await setup();
      const remote = await signer('ES256');
      s.register(remote, TENANT, { jwks: null, jwksUrl: 'http://127.0.0.1:9/jwks' });
      expect(await invalid(s.verifier.verify(TENANT, await delegation(remote)), 'bad_signature')).toEqual({ reason: 'bad_signature', keys_unavailable: true });
    });

    it.each(['sub', 'aud', 'exp', 'iss', 'iat'])('missing_claim: %s', async (claim) => {
      const s = await setup();
      const detail = await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { [claim]: undefined })), 'missing_claim');
      expect(detail.claim).toBe(claim);
    });

    it("missing_claim: tenant_id in a platform issuer's delegation", async () => {
      const s = await setup();
      expect(await invalid(s.verifier.verify(TENANT, await delegation(s.platform)), 'missing_claim')).toEqual({ reason: 'missing_claim', claim: 'tenant_id' });
    });

    it('missing_claim: a jti longer than a booking can record, before any issuer lookup', async () => {
      const s = await setup();
      const detail = await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { jti: 'j'.repeat(513) })), 'missing_claim');
      expect(detail).toEqual({ reason: 'missing_claim', claim: 'jti', max_length: 512 });
      expect(s.lookups).not.toHaveBeenCalled();
      await expect(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { jti: 'j'.repeat(512) }))).resolves.toBeDefined();
    });

    it('audience_mismatch: another audience', async () => {
      const s = await setup();
      const detail = await invalid(s.verifier.verify(TENANT, await delegation(s.tenantIssuer, { aud: 'https://other-platform.example' })), 'audience_mismatch');
      expect(detail.expected).toBe(AUDIENCE);
    });

    it('audience_mismatch: an issuer not trusted for the platform audience', async () => {
      const s = await setup();
      const narrow = await signer('ES256');
      s.register(narrow, TENANT, { allowedAudiences: ['https://staging.example'] });
      const detail = await invalid(s.verifier.verify(TENANT, await delegation(narrow)), 'audience_mismatch');
      expect(detail).toEqual({ reason: 'audience_mismatch', expected: AUDIENCE, allowed_audiences: ['https://staging.example'] });
    });

    it('audience_mismatch: a delegation issued for another tenant', async () => {
      const s = await setup();
      const detail = await invalid(s.verifier.verify(TENANT, await delegation(s.platform, { tenant_id: OTHER_TENANT })), 'audience_mismatch');
      expect(detail).toEqual({ reason: 'audience_mismatch', expected_tenant_id: TENANT });
    });

    it('unsupported_algorithm: alg none, decided before any issuer lookup, even for an unknown issuer', async () => {
      const s = await setup();
      const none = new UnsecuredJWT({ iss: s.platform.iss, sub: 's', aud: AUDIENCE, tenant_id: TENANT }).setExpirationTime('5m').encode();
      expect(await invalid(s.verifier.verify(TENANT, none), 'unsupported_algorithm')).toMatchObject({ alg: 'none', accepted: ['RS256', 'ES256'] });
      await invalid(s.verifier.verify(TENANT, new UnsecuredJWT({ iss: 'https://nobody.example', sub: 's' }).encode()), 'unsupported_algorithm');
      expect(s.lookups).not.toHaveBeenCalled();
    });

    it('unsupported_algorithm: HS256 signed with the issuer public key as the secret', async () => {
      const s = await setup();
      const secret = new TextEncoder().encode(JSON.stringify(s.platform.publicJwk));
      const hs = await new SignJWT({ sub: 's', aud: AUDIENCE, tenant_id: TENANT })
        .setProtectedHeader({ alg: 'HS256', kid: s.platform.kid })
        .setIssuer(s.platform.iss)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(secret);
      expect(await invalid(s.verifier.verify(TENANT, hs), 'unsupported_algorithm')).toMatchObject({ alg: 'HS256' });
    });

    it.each(['PS256', 'ES384'])('unsupported_algorithm: another asymmetric algorithm, %s', async (alg) => {
      const s = await setup();
      const { privateKey } = await generateKeyPair(alg);
      const jwt = await new SignJWT({ sub: 's', aud: AUDIENCE })
        .setProtectedHeader({ alg })
        .setIssuer(s.tenantIssuer.iss)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      expect((await invalid(s.verifier.verify(TENANT, jwt), 'unsupported_algorithm')).alg).toBe(alg);
    });
  });

  describe('delegation_issuer_unknown', () => {
    it('for an unregistered issuer, naming it', async () => {
      const s = await setup();
      const stranger = await signer('ES256');
      const error = await refusal(s.verifier.verify(TENANT, await delegation(stranger)));
      expect({ code: error.code, detail: error.detail }).toEqual({ code: 'delegation_issuer_unknown', detail: { iss: stranger.iss } });
    });

    it("for another tenant's issuer", async () => {
      const s = await setup();
      expect((await refusal(s.verifier.verify(OTHER_TENANT, await delegation(s.tenantIssuer)))).code).toBe('delegation_issuer_unknown');
    });

    it.each(['suspended', 'revoked'] as const)('for a %s issuer, with its status', async (status) => {
      const s = await setup();
      const held = await signer('ES256');
      s.register(held, TENANT, { status });
      const error = await refusal(s.verifier.verify(TENANT, await delegation(held)));
      expect({ code: error.code, detail: error.detail }).toEqual({ code: 'delegation_issuer_unknown', detail: { iss: held.iss, status } });
    });

    it('for the demo issuer with NODE_ENV=production, without looking it up; outside production it verifies', async () => {
      const demoSigner = await signer('ES256', DEMO_ISSUER);
      const prod = await setup({ nodeEnv: 'production' });
      prod.register(demoSigner, null);
      const error = await refusal(prod.verifier.verify(TENANT, await delegation(demoSigner, { tenant_id: TENANT })));
      expect({ code: error.code, detail: error.detail }).toEqual({ code: 'delegation_issuer_unknown', detail: { iss: DEMO_ISSUER } });
      expect(prod.lookups).not.toHaveBeenCalled();

      const dev = await setup();
      dev.register(demoSigner, null);
      await expect(dev.verifier.verify(TENANT, await delegation(demoSigner, { tenant_id: TENANT }))).resolves.toEqual({ iss: DEMO_ISSUER, sub: 'traveler-1' });
    });
  });
});
