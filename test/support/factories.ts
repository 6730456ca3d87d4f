import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import type request from 'supertest';
import { DemoDelegationIssuer } from '@hcs/auth';
import {
  CreateAgent,
  CreateTenant,
  DelegationIssuer,
  DelegationIssuerRepository,
  Money,
  RegisterDelegationIssuer,
  RegisterPlatformIssuer,
  Scope,
} from '@hcs/domain';
import { AppConfig } from '@hcs/platform';

export interface TestTenant {
  tenantId: string;
  adminPrincipalId: string;
  adminKey: string;
}

/** A fresh tenant with its admin key: each test file works in tenants of its own. */
export async function createTenant(app: INestApplicationContext, name = `tenant-${randomUUID().slice(0, 8)}`): Promise<TestTenant> {
  const created = await app.get(CreateTenant).execute({ name });
  return { tenantId: created.tenant_id, adminPrincipalId: created.admin_principal_id, adminKey: created.admin_api_key };
}

export interface TestAgent {
  tenantId: string;
  agentId: string;
  /** The agent's secret: an API key (`Authorization: Bearer`) and its OAuth client_secret. */
  apiKey: string;
  credentialId: string;
}

/** An agent of the tenant (every scope unless `scopes` says fewer) with its first credential. */
export async function createAgent(
  app: INestApplicationContext,
  tenant: TestTenant,
  options: { scopes?: Scope[]; bookingLimit?: Money | null; name?: string } = {},
): Promise<TestAgent> {
  const admin = { tenantId: tenant.tenantId, principalId: tenant.adminPrincipalId, kind: 'admin' as const };
  const { data } = await app
    .get(CreateAgent)
    .execute({ name: options.name ?? `agent-${randomUUID().slice(0, 8)}`, scopes: options.scopes, bookingLimit: options.bookingLimit ?? null }, admin);
  return { tenantId: tenant.tenantId, agentId: data.agent.id, apiKey: data.credential.secret, credentialId: data.credential.id };
}

/** An OAuth access token for the agent from `POST /oauth/token` (client_credentials, JSON body). */
export async function mintAccessToken(http: () => ReturnType<typeof request>, agent: TestAgent, scope?: string): Promise<string> {
  const res = await http()
    .post('/oauth/token')
    .send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey, ...(scope === undefined ? {} : { scope }) });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

export type TestIssuerAlg = 'ES256' | 'RS256';

/** A delegation issuer whose private key the test holds: it signs whatever the test wants. */
export interface TestIssuer {
  iss: string;
  alg: TestIssuerAlg;
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  jwks: { keys: JWK[] };
  /** Set once registered. */
  registered?: DelegationIssuer;
}

/** A key pair and an `iss` for a delegation issuer, not registered anywhere yet. */
export async function createTestIssuerKeys(alg: TestIssuerAlg = 'ES256', iss = `https://issuer-${randomUUID().slice(0, 8)}.test`): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { iss, alg, kid, privateKey, publicJwk, jwks: { keys: [publicJwk] } };
}

/**
 * Registers a test issuer with an inline JWK set: for the tenant when given (through the same use
 * case as `POST /v1/admin/delegation-issuers`), else platform-wide (as `hcs issuer add` does).
 */
export async function registerTestIssuer(
  app: INestApplicationContext,
  options: { tenant?: TestTenant; alg?: TestIssuerAlg; iss?: string; allowedAudiences?: string[]; name?: string } = {},
): Promise<TestIssuer> {
  const issuer = await createTestIssuerKeys(options.alg, options.iss);
  const command = {
    iss: issuer.iss,
    name: options.name ?? `Test issuer ${issuer.iss}`,
    jwks: issuer.jwks as never,
    allowedAudiences: options.allowedAudiences ?? [app.get(AppConfig).delegationAudience],
  };
  if (options.tenant) {
    const { tenantId, adminPrincipalId } = options.tenant;
    const created = await app.get(RegisterDelegationIssuer).execute(command, { tenantId, principalId: adminPrincipalId, kind: 'admin' });
    issuer.registered = (await app.get(DelegationIssuerRepository).findForTenant(tenantId, created.data.id)) ?? undefined;
  } else {
    issuer.registered = await app.get(RegisterPlatformIssuer).execute(command);
  }
  return issuer;
}

export interface MintDelegationOptions {
  sub: string;
  /** Seconds until `exp` (negative for an expired delegation). Default 900. */
  ttl?: number;
  /** Default: the platform audience (DELEGATION_AUDIENCE). */
  aud?: string | string[];
  /** Sign with this test issuer; default: the platform demo issuer (as `hcs delegation mint`). */
  issuer?: TestIssuer;
  /**
   * The tenant_id claim: the delegation is then good for that tenant only. Platform issuers (the
   * demo issuer, a test issuer registered without a tenant) must bind a tenant (docs/identity.md):
   * the factory refuses to mint one of theirs without it, unless `claims` says otherwise.
   */
  tenantId?: string;
  /** A `jti` claim (a booking then consumes it). */
  jti?: string;
  /** Extra or overriding claims (test issuers only); a claim set to undefined is left out. */
  claims?: Record<string, unknown>;
  /** Overriding protected header fields (test issuers only). */
  header?: Record<string, unknown>;
}

/** A traveler delegation JWT for `X-Delegated-User`. */
export async function mintDelegation(app: INestApplicationContext, options: MintDelegationOptions): Promise<string> {
  const ttl = options.ttl ?? 900;
  const platform = !options.issuer || options.issuer.registered?.tenantId === null;
  if (platform && !options.tenantId && !(options.claims && 'tenant_id' in options.claims)) {
    throw new Error('mintDelegation: a platform issuer needs tenantId (delegations of platform issuers are tenant-bound)');
  }
  if (!options.issuer) {
    const minted = await app.get(DemoDelegationIssuer).mint({ sub: options.sub, ttlSeconds: ttl, tenantId: options.tenantId, audience: options.aud });
    return minted.token;
  }
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload & Record<string, unknown> = {
    iss: options.issuer.iss,
    sub: options.sub,
    aud: options.aud ?? app.get(AppConfig).delegationAudience,
    iat: now,
    exp: now + ttl,
    ...(options.tenantId ? { tenant_id: options.tenantId } : {}),
    ...(options.jti ? { jti: options.jti } : {}),
    ...options.claims,
  };
  for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.issuer.alg, kid: options.issuer.kid, typ: 'JWT', ...options.header } as never)
    .sign(options.issuer.privateKey);
}
